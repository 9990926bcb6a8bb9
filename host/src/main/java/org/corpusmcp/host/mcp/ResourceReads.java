package org.corpusmcp.host.mcp;

import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.util.DefaultMcpUriTemplateManager;
import io.modelcontextprotocol.util.McpUriTemplateManager;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.corpusmcp.api.ResourceContents;
import org.corpusmcp.api.ResourceReader;
import org.corpusmcp.api.ResourceRequest;
import org.corpusmcp.host.plugins.RegisteredResource;
import org.corpusmcp.host.plugins.RegisteredResourceTemplate;
import org.corpusmcp.host.plugins.ResourceCatalog;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a resource by URI for either protocol revision: the fixed URI if one matches, else the
 * first template in catalogue order that matches (the SDK's template matcher, so both revisions
 * match as the SDK's legacy server routes), else nothing. The outcome is a value; each revision
 * words "not found" and "failed" its own way ({@link McpResourceBridge}, {@link ModernProtocol}).
 */
public final class ResourceReads {

  private static final Logger log = LoggerFactory.getLogger(ResourceReads.class);

  /** What reading a URI came to. */
  public sealed interface Outcome permits Found, NotFound, Failed {}

  /** The contents, as MCP's result. */
  public record Found(McpSchema.ReadResourceResult result) implements Outcome {}

  /** No resource has this URI: none is declared, or the reader returned nothing. */
  public record NotFound(String uri) implements Outcome {}

  /** The plugin's reader threw or answered with something unusable; the log has the details. */
  public record Failed(String uri) implements Outcome {}

  private record Template(RegisteredResourceTemplate registered, McpUriTemplateManager matcher) {}

  private final Map<String, RegisteredResource> fixed = new LinkedHashMap<>();
  private final List<Template> templates = new ArrayList<>();

  public ResourceReads(ResourceCatalog catalog) {
    catalog.resources().forEach(r -> fixed.put(r.spec().uri(), r));
    catalog
        .templates()
        .forEach(
            t ->
                templates.add(
                    new Template(t, new DefaultMcpUriTemplateManager(t.spec().uriTemplate()))));
  }

  /** Whether a resource has {@code uri}, or a template matches it: a URI a client may read. */
  public boolean serves(String uri) {
    if (fixed.containsKey(uri)) {
      return true;
    }
    for (Template template : templates) {
      if (variables(template.matcher(), uri) != null) {
        return true;
      }
    }
    return false;
  }

  public Outcome read(String uri) {
    RegisteredResource resource = fixed.get(uri);
    if (resource != null) {
      return run(
          resource.owner(),
          resource.classLoader(),
          resource.spec().reader(),
          ResourceRequest.of(uri));
    }
    for (Template template : templates) {
      Map<String, String> variables = variables(template.matcher(), uri);
      if (variables != null) {
        RegisteredResourceTemplate registered = template.registered();
        return run(
            registered.owner(),
            registered.classLoader(),
            registered.spec().reader(),
            new ResourceRequest(uri, variables));
      }
    }
    return new NotFound(uri);
  }

  /** The template's variables in {@code uri}, decoded, or null when it does not match. */
  private static @Nullable Map<String, String> variables(
      McpUriTemplateManager matcher, String uri) {
    if (!matcher.matches(uri)) {
      return null;
    }
    try {
      Map<String, String> decoded = new LinkedHashMap<>();
      // URLDecoder is for forms: a '+' in a URI is a plus sign, not a space, so it is kept.
      matcher
          .extractVariableValues(uri)
          .forEach(
              (name, value) ->
                  decoded.put(
                      name, URLDecoder.decode(value.replace("+", "%2B"), StandardCharsets.UTF_8)));
      return decoded;
    } catch (IllegalArgumentException e) {
      // an empty segment, or a malformed %-escape: not a URI this template names
      return null;
    }
  }

  private static Outcome run(
      String owner, ClassLoader loader, ResourceReader reader, ResourceRequest request) {
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    thread.setContextClassLoader(loader);
    List<ResourceContents> contents;
    try {
      contents = reader.read(request);
    } catch (RuntimeException | LinkageError e) {
      log.warn("plugin '{}' failed to read resource {}", owner, request.uri(), e);
      return new Failed(request.uri());
    } finally {
      thread.setContextClassLoader(previous);
    }
    if (contents == null || contents.stream().anyMatch(Objects::isNull)) {
      log.warn("plugin '{}' answered a read of resource {} with null", owner, request.uri());
      return new Failed(request.uri());
    }
    if (contents.isEmpty()) {
      return new NotFound(request.uri());
    }
    return new Found(
        McpSchema.ReadResourceResult.builder(
                contents.stream().map(ResourceReads::contents).toList())
            .build());
  }

  /** One piece of contents as MCP carries it: text, or bytes in base64. */
  static McpSchema.ResourceContents contents(ResourceContents c) {
    return c.isText()
        ? McpSchema.TextResourceContents.builder(c.uri(), c.text()).mimeType(c.mimeType()).build()
        : McpSchema.BlobResourceContents.builder(
                c.uri(), Base64.getEncoder().encodeToString(c.blob()))
            .mimeType(c.mimeType())
            .build();
  }
}
