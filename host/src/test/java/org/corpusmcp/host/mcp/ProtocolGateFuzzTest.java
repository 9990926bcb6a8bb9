package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import tools.jackson.databind.JsonNode;

/**
 * Jazzer over JSON-RPC messages as both transports hand them to the gate. Every input gets a
 * verdict without an exception; a refusal is a JSON-RPC 2.0 error object with one of the spec's
 * codes, and its message never names a Java class.
 */
@Tag("fuzz")
class ProtocolGateFuzzTest {

  private static final Set<Integer> CODES = Set.of(-32700, -32600, -32601, -32602, -32603);
  private static final String[] PREFIXES = {
    "", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":",
    "{\"jsonrpc\":\"2.0\",\"id\":", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/",
  };

  private final ProtocolGate gate =
      new ProtocolGate(JsonText.newMapper(), Set.of("search", "fetch"), Set.of("arch-wiki-usage"));

  @FuzzTest(maxDuration = "30s")
  void everyMessageGetsAVerdictWithoutAnException(FuzzedDataProvider data) {
    String text =
        PREFIXES[data.consumeInt(0, PREFIXES.length - 1)] + data.consumeRemainingAsString();
    ProtocolGate.Verdict verdict = gate.inspect(text);
    assertNotNull(verdict);
    if (verdict instanceof ProtocolGate.Reply reply) {
      JsonNode error = reply.response().get("error");
      assertEquals("2.0", reply.response().get("jsonrpc").asString());
      int code = error.get("code").asInt();
      if (!CODES.contains(code)) {
        throw new AssertionError("not a JSON-RPC error code: " + code);
      }
      String message = error.get("message").asString();
      if (message.matches(
          "(?s).*\\b(java|tools\\.jackson|com\\.fasterxml|io\\.modelcontextprotocol)\\.[a-z]+.*")) {
        throw new AssertionError("a Java class name reached the client: " + message);
      }
    }
  }
}
