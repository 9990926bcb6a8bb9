package org.corpusmcp.host.mcp;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The HTTP headers revision 2026-07-28 mirrors from the body, so that load balancers and gateways
 * can route on them: {@code MCP-Protocol-Version} (the {@code _meta} protocol version), {@code
 * Mcp-Method} (the method) and, for calls that name a target, {@code Mcp-Name} ({@code
 * params.name}, or {@code params.uri}). A server that reads the body must refuse a request whose
 * headers are missing or say something else than the body, or a router and the server could act on
 * different requests. Values are compared case-sensitively after trimming the optional whitespace
 * HTTP allows around a field value; {@code Mcp-Name} may be sent as {@code =?base64?...?=} (for
 * names that are not plain ASCII) and is decoded first.
 *
 * <p>No tool here marks a parameter with {@code x-mcp-header}, so no {@code Mcp-Param-*} header is
 * recognised, and HTTP says to ignore headers one does not recognise.
 */
public final class ModernHeaders {

  /** Methods whose body names a target that {@code Mcp-Name} must mirror. */
  private static final Set<String> NAMED_METHODS =
      Set.of("tools/call", "prompts/get", "resources/read");

  private final @Nullable String protocolVersion;
  private final @Nullable String method;
  private final @Nullable String name;

  /**
   * The three header values as received (null when absent); names are matched case-insensitively by
   * the servlet API.
   */
  public ModernHeaders(
      @Nullable String protocolVersion, @Nullable String method, @Nullable String name) {
    this.protocolVersion = protocolVersion;
    this.method = method;
    this.name = name;
  }

  /** Whether the version header itself selects the stateless revision. */
  public static boolean claimsModern(@Nullable String protocolVersionHeader) {
    return protocolVersionHeader != null
        && ModernProtocol.VERSION.equals(protocolVersionHeader.trim());
  }

  /**
   * What does not match between the headers and the body, in words for the client, or null when
   * they agree.
   */
  public @Nullable String mismatch(
      String bodyVersion, String bodyMethod, @Nullable JsonNode params) {
    if (protocolVersion == null) {
      return "the MCP-Protocol-Version header is required";
    }
    if (!protocolVersion.trim().equals(bodyVersion)) {
      return "MCP-Protocol-Version header value '"
          + protocolVersion.trim()
          + "' does not match body value '"
          + bodyVersion
          + "'";
    }
    if (method == null) {
      return "the Mcp-Method header is required";
    }
    if (!method.trim().equals(bodyMethod)) {
      return "Mcp-Method header value '"
          + method.trim()
          + "' does not match body value '"
          + bodyMethod
          + "'";
    }
    if (!NAMED_METHODS.contains(bodyMethod)) {
      return null;
    }
    JsonNode target =
        params == null ? null : params.get(bodyMethod.equals("resources/read") ? "uri" : "name");
    if (target == null || !target.isString()) {
      return null; // the body's own fault; the method's checks word it
    }
    if (name == null) {
      return "the Mcp-Name header is required for " + bodyMethod;
    }
    String decoded = decode(name.trim());
    if (decoded == null) {
      return "the Mcp-Name header is not valid =?base64?...?= encoding";
    }
    if (!decoded.equals(target.stringValue())) {
      return "Mcp-Name header value '"
          + printable(decoded)
          + "' does not match body value '"
          + target.stringValue()
          + "'";
    }
    return null;
  }

  /**
   * A header value as the client meant it: a {@code =?base64?...?=} value decoded (strict Base64 of
   * UTF-8), any other value as is; null when the encoding is broken.
   */
  static @Nullable String decode(String value) {
    if (!(value.startsWith("=?base64?") && value.endsWith("?=") && value.length() >= 11)) {
      return value;
    }
    String encoded = value.substring(9, value.length() - 2);
    if (encoded.length() % 4 != 0) {
      return null; // java.util.Base64 accepts missing padding; the revision does not
    }
    try {
      byte[] bytes = Base64.getDecoder().decode(encoded);
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (IllegalArgumentException | CharacterCodingException e) {
      return null;
    }
  }

  private static String printable(String value) {
    StringBuilder out = new StringBuilder();
    value
        .codePoints()
        .limit(200)
        .forEach(c -> out.appendCodePoint(c < 0x20 || c == 0x7f ? '?' : c));
    return out.toString();
  }
}
