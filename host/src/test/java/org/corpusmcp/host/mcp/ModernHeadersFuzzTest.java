package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Tag;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Jazzer over the routing headers of revision 2026-07-28 against the body they mirror. Headers a
 * correct client writes from the body (with the whitespace HTTP allows around a value, and {@code
 * Mcp-Name} Base64-encoded when plain text would not survive) always agree; a missing header or one
 * that says something else is always named; and any header value at all is judged without an
 * exception. The {@code =?base64?...?=} form decodes to exactly the text that was encoded.
 */
@Tag("fuzz")
class ModernHeadersFuzzTest {

  private static final String[] METHODS = {
    "tools/call", "prompts/get", "resources/read", "tools/list", "ping", "initialize",
  };
  private static final String[] SPACE = {"", " ", "\t", "  \t"};
  private static final JsonMapper JSON = JsonText.newMapper();

  @FuzzTest(maxDuration = "30s")
  void headersWrittenFromTheBodyAgreeAndAnyOtherIsNamed(FuzzedDataProvider data) {
    String version = data.consumeBoolean() ? ModernProtocol.VERSION : data.consumeString(20);
    String method =
        data.consumeBoolean()
            ? METHODS[data.consumeInt(0, METHODS.length - 1)]
            : data.consumeString(20);
    String target = data.consumeString(60);
    ObjectNode params = JSON.createObjectNode();
    if (data.consumeBoolean()) {
      params.put(method.equals("resources/read") ? "uri" : "name", target);
    } else {
      params.put(method.equals("resources/read") ? "uri" : "name", data.consumeLong());
    }
    String versionHeader = padded(data, version);
    String methodHeader = padded(data, method);
    String nameHeader = padded(data, clientForm(data, target));
    int change = data.consumeInt(0, 6);
    String other = data.consumeString(60);

    // Any values at all: a verdict, never an exception.
    new ModernHeaders(
            data.consumeBoolean() ? null : other,
            data.consumeBoolean() ? null : other,
            data.consumeBoolean() ? null : other)
        .mismatch(version, method, params);
    ModernHeaders.decode(other);

    if (!version.equals(version.trim()) || !method.equals(method.trim())) {
      return; // a body value with surrounding whitespace matches no header: HTTP trims those
    }
    boolean named =
        (method.equals("tools/call")
                || method.equals("prompts/get")
                || method.equals("resources/read"))
            && params.get(method.equals("resources/read") ? "uri" : "name").isString();
    boolean encodable = target.equals(roundTrip(target));
    if (named && !encodable) {
      return; // a lone surrogate: no header can carry it
    }
    assertNull(
        new ModernHeaders(versionHeader, methodHeader, nameHeader)
            .mismatch(version, method, params),
        "headers written from the body");

    String mismatch =
        switch (change) {
          case 0 ->
              new ModernHeaders(null, methodHeader, nameHeader).mismatch(version, method, params);
          case 1 ->
              new ModernHeaders(versionHeader, null, nameHeader).mismatch(version, method, params);
          case 2 ->
              new ModernHeaders(versionHeader + "x", methodHeader, nameHeader)
                  .mismatch(version, method, params);
          case 3 ->
              new ModernHeaders(versionHeader, "x" + methodHeader, nameHeader)
                  .mismatch(version, method, params);
          case 4 ->
              named
                  ? new ModernHeaders(versionHeader, methodHeader, null)
                      .mismatch(version, method, params)
                  : "skip";
          case 5 ->
              named
                  ? new ModernHeaders(versionHeader, methodHeader, clientForm(data, target + "x"))
                      .mismatch(version, method, params)
                  : "skip";
          default ->
              named && !other.trim().isEmpty()
                  ? mismatchOrSame(
                      versionHeader, methodHeader, other, target, version, method, params)
                  : "skip";
        };
    assertNotNull(mismatch, "a changed header went unnoticed (change " + change + ")");
  }

  /** The mismatch for an arbitrary {@code Mcp-Name}, or "same" when it means the target. */
  private static @Nullable String mismatchOrSame(
      String versionHeader,
      String methodHeader,
      String name,
      String target,
      String version,
      String method,
      JsonNode params) {
    String meant = ModernHeaders.decode(name.trim());
    String result =
        new ModernHeaders(versionHeader, methodHeader, name).mismatch(version, method, params);
    if (target.equals(meant)) {
      assertNull(result, name);
      return "same";
    }
    return result;
  }

  /** The header a client sends for {@code value}: plain when it survives as plain text. */
  private static String clientForm(FuzzedDataProvider data, String value) {
    boolean plainIsSafe =
        !value.isEmpty()
            && value.equals(value.trim())
            && value.chars().allMatch(c -> c >= 0x20 && c < 0x7f)
            && !(value.startsWith("=?base64?") && value.endsWith("?="));
    if (plainIsSafe && data.consumeBoolean()) {
      return value;
    }
    return "=?base64?"
        + Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8))
        + "?=";
  }

  private static String roundTrip(String value) {
    String decoded = ModernHeaders.decode(clientFormAlwaysEncoded(value));
    assertNotNull(decoded, value);
    assertEquals(
        new String(value.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8), decoded);
    return decoded;
  }

  private static String clientFormAlwaysEncoded(String value) {
    return "=?base64?"
        + Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8))
        + "?=";
  }

  private static String padded(FuzzedDataProvider data, String value) {
    return SPACE[data.consumeInt(0, SPACE.length - 1)]
        + value
        + SPACE[data.consumeInt(0, SPACE.length - 1)];
  }
}
