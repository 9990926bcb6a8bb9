package org.corpusmcp.host.mcp;

import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceTemplateSpecification;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import org.corpusmcp.api.ResourceSpec;
import org.corpusmcp.api.ResourceTemplateSpec;
import org.corpusmcp.host.plugins.RegisteredResource;
import org.corpusmcp.host.plugins.RegisteredResourceTemplate;
import org.corpusmcp.host.plugins.ResourceCatalog;
import org.corpusmcp.host.plugins.ResourceUpdates;

/**
 * Turns the resource catalogue into MCP SDK specifications for the session-based revisions. Every
 * read goes through {@link ResourceReads}, so a URI reads the same on both revisions; only the
 * errors differ. Here they are 2025-11-25's: a URI no resource has is {@code -32002 Resource not
 * found} with {@code data.uri} (the SDK's own answer when no template matches either), and a reader
 * that fails is {@code -32603} in our words, never the exception's.
 */
public final class McpResourceBridge {

  /** The JSON-RPC code 2025-11-25 (and earlier) give a resource that does not exist. */
  public static final int RESOURCE_NOT_FOUND = McpSchema.ErrorCodes.RESOURCE_NOT_FOUND;

  static final String READ_FAILED =
      "Internal error: reading the resource failed; the details are in the server log";

  private final ResourceCatalog catalog;
  private final ResourceReads reads;

  public McpResourceBridge(ResourceCatalog catalog) {
    this.catalog = catalog;
    this.reads = new ResourceReads(catalog);
  }

  /** True when no plugin contributes a resource or a template: no resources capability. */
  public boolean isEmpty() {
    return catalog.isEmpty();
  }

  /** Where plugins say a resource changed; a server relays it to its subscribed sessions. */
  public ResourceUpdates updates() {
    return catalog.updates();
  }

  /** The reads both revisions share. */
  public ResourceReads reads() {
    return reads;
  }

  /** What {@code resources/list} shows, in catalogue order. */
  public List<McpSchema.Resource> listed() {
    return catalog.resources().stream().map(McpResourceBridge::describe).toList();
  }

  /** What {@code resources/templates/list} shows, in catalogue order. */
  public List<McpSchema.ResourceTemplate> listedTemplates() {
    return catalog.templates().stream().map(McpResourceBridge::describe).toList();
  }

  /** One SDK specification per fixed-URI resource, in catalogue order. */
  public List<SyncResourceSpecification> resources() {
    return catalog.resources().stream()
        .map(
            r ->
                new SyncResourceSpecification(
                    describe(r), (exchange, request) -> read(request.uri())))
        .toList();
  }

  /** One SDK specification per template, in catalogue order. */
  public List<SyncResourceTemplateSpecification> templates() {
    return catalog.templates().stream()
        .map(
            t ->
                new SyncResourceTemplateSpecification(
                    describe(t), (exchange, request) -> read(request.uri())))
        .toList();
  }

  private McpSchema.ReadResourceResult read(String uri) {
    ResourceReads.Outcome outcome = reads.read(uri);
    if (outcome instanceof ResourceReads.Found found) {
      return found.result();
    }
    if (outcome instanceof ResourceReads.NotFound) {
      throw McpError.RESOURCE_NOT_FOUND.apply(uri);
    }
    throw McpError.builder(McpSchema.ErrorCodes.INTERNAL_ERROR).message(READ_FAILED).build();
  }

  /** The resource as {@code resources/list} shows it. */
  public static McpSchema.Resource describe(RegisteredResource resource) {
    ResourceSpec spec = resource.spec();
    return McpSchema.Resource.builder(spec.uri(), spec.name())
        .title(spec.title())
        .description(spec.description())
        .mimeType(spec.mimeType())
        .build();
  }

  /** The template as {@code resources/templates/list} shows it. */
  public static McpSchema.ResourceTemplate describe(RegisteredResourceTemplate template) {
    ResourceTemplateSpec spec = template.spec();
    return McpSchema.ResourceTemplate.builder(spec.uriTemplate(), spec.name())
        .title(spec.title())
        .description(spec.description())
        .mimeType(spec.mimeType())
        .build();
  }
}
