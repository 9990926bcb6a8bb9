package org.corpusmcp.host.mcp;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.corpusmcp.api.ClientInputException;
import org.corpusmcp.api.Elicitation;
import org.corpusmcp.api.ElicitationResult;
import org.corpusmcp.api.InputRequest;
import org.corpusmcp.api.PromptMessage;
import org.corpusmcp.api.Root;
import org.corpusmcp.api.RootsRequest;
import org.corpusmcp.api.Sampling;
import org.corpusmcp.api.SamplingResult;
import org.corpusmcp.api.ToolContent;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Requests for input as MCP writes them ({@code elicitation/create}, {@code
 * sampling/createMessage}, {@code roots/list} and their params), and the client's answers read back
 * into plugin-api values, for both revisions: a 2025-11-25 session sends the same params and reads
 * the same results as a 2026-07-28 {@code inputRequests} / {@code inputResponses} pair.
 */
final class InputWire {

  static final String ELICIT = "elicitation/create";
  static final String SAMPLE = "sampling/createMessage";
  static final String ROOTS = "roots/list";

  /**
   * An answer that is not the shape its request asks for: on 2026-07-28 a protocol error (-32602);
   * in a 2025-11-25 session the handler's request simply got no usable answer.
   */
  static final class Malformed extends ClientInputException {
    private static final long serialVersionUID = 1L;

    Malformed(String message) {
      super(message);
    }
  }

  /** One request for input: its key, its method and its params. */
  record Asked(String key, String method, ObjectNode params) {}

  private final JsonMapper json;

  InputWire(JsonMapper json) {
    this.json = json;
  }

  /**
   * The request for {@code elicitation}.
   *
   * @throws IllegalArgumentException when its schema is not a JSON object: the plugin's bug
   */
  Asked asked(Elicitation elicitation) {
    JsonNode schema;
    try {
      schema = json.readTree(elicitation.requestedSchema());
    } catch (JacksonException e) {
      throw new IllegalArgumentException(
          "the requested schema is not JSON: " + e.getOriginalMessage());
    }
    if (!schema.isObject()) {
      throw new IllegalArgumentException("the requested schema must be a JSON object");
    }
    ObjectNode params = json.createObjectNode();
    params.put("mode", "form");
    params.put("message", elicitation.message());
    params.set("requestedSchema", schema);
    return new Asked(keyOf(elicitation.key(), "elicitation", ELICIT, params), ELICIT, params);
  }

  Asked asked(Sampling sampling) {
    ObjectNode params = json.createObjectNode();
    var messages = params.putArray("messages");
    for (PromptMessage message : sampling.messages()) {
      ObjectNode m = messages.addObject();
      m.put("role", message.role().name().toLowerCase(java.util.Locale.ROOT));
      m.set("content", json.valueToTree(McpToolBridge.content(message.content())));
    }
    if (sampling.systemPrompt() != null) {
      params.put("systemPrompt", sampling.systemPrompt());
    }
    params.put("maxTokens", sampling.maxTokens());
    return new Asked(keyOf(sampling.key(), "sampling", SAMPLE, params), SAMPLE, params);
  }

  Asked asked(RootsRequest roots) {
    ObjectNode params = json.createObjectNode();
    return new Asked(roots.key() == null ? "roots" : roots.key(), ROOTS, params);
  }

  /** The request for any kind of input. */
  Asked asked(InputRequest request) {
    if (request instanceof Elicitation elicitation) {
      return asked(elicitation);
    }
    if (request instanceof Sampling sampling) {
      return asked(sampling);
    }
    return asked((RootsRequest) request);
  }

  /**
   * The key a plugin gave, or one derived from the request itself, so that the same ask on the next
   * round finds its answer however the handler's earlier steps went.
   */
  private String keyOf(@Nullable String given, String kind, String method, ObjectNode params) {
    if (given != null) {
      return given;
    }
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest(
                  (method + "\n" + json.writeValueAsString(params))
                      .getBytes(StandardCharsets.UTF_8));
      return kind + "-" + HexFormat.of().formatHex(digest, 0, 6);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  /** An {@code ElicitResult}. */
  ElicitationResult elicitation(String key, JsonNode answer) {
    String action = answer.path("action").isString() ? answer.path("action").stringValue() : "";
    ElicitationResult.Action parsed =
        switch (action) {
          case "accept" -> ElicitationResult.Action.ACCEPT;
          case "decline" -> ElicitationResult.Action.DECLINE;
          case "cancel" -> ElicitationResult.Action.CANCEL;
          default ->
              throw new Malformed(
                  "the answer to '"
                      + key
                      + "' is not an elicitation result: 'action' must be accept, decline or cancel");
        };
    JsonNode content = answer.path("content");
    if (!content.isMissingNode() && !content.isNull() && !content.isObject()) {
      throw new Malformed("the answer to '" + key + "' has a 'content' that is not an object");
    }
    Map<String, @Nullable Object> values = new LinkedHashMap<>();
    if (content.isObject()) {
      content
          .properties()
          .forEach(e -> values.put(e.getKey(), json.convertValue(e.getValue(), Object.class)));
    }
    return new ElicitationResult(parsed, values);
  }

  /** A {@code CreateMessageResult}. */
  SamplingResult sampling(String key, JsonNode answer) {
    JsonNode content = answer.path("content");
    String type = content.path("type").isString() ? content.path("type").stringValue() : "";
    ToolContent block =
        switch (type) {
          case "text" ->
              content.path("text").isString()
                  ? ToolContent.text(content.path("text").stringValue())
                  : null;
          case "image", "audio" -> {
            if (!content.path("data").isString() || !content.path("mimeType").isString()) {
              yield null;
            }
            String data = content.path("data").stringValue();
            String mimeType = content.path("mimeType").stringValue();
            yield type.equals("image")
                ? new ToolContent.Image(data, mimeType)
                : new ToolContent.Audio(data, mimeType);
          }
          default -> null;
        };
    if (block == null || !answer.path("model").isString()) {
      throw new Malformed(
          "the answer to '"
              + key
              + "' is not a sampling result: it needs 'model' and a text, image or audio 'content'");
    }
    PromptMessage.Role role =
        answer.path("role").isString() && "user".equals(answer.path("role").stringValue())
            ? PromptMessage.Role.USER
            : PromptMessage.Role.ASSISTANT;
    JsonNode stop = answer.path("stopReason");
    return new SamplingResult(
        role,
        block,
        answer.path("model").stringValue(),
        stop.isString() ? stop.stringValue() : null);
  }

  /** A {@code ListRootsResult}. */
  List<Root> roots(String key, JsonNode answer) {
    JsonNode roots = answer.path("roots");
    if (!roots.isArray()) {
      throw new Malformed("the answer to '" + key + "' is not a roots result: it needs 'roots'");
    }
    List<Root> out = new ArrayList<>();
    for (JsonNode root : roots) {
      if (!root.path("uri").isString()) {
        throw new Malformed("the answer to '" + key + "' has a root without a 'uri'");
      }
      JsonNode name = root.path("name");
      out.add(
          new Root(root.path("uri").stringValue(), name.isString() ? name.stringValue() : null));
    }
    return out;
  }
}
