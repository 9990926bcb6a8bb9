package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.corpusmcp.host.plugins.ListUpdates;
import org.corpusmcp.host.plugins.PromptCatalog;
import org.corpusmcp.host.plugins.ResourceCatalog;
import org.junit.jupiter.api.Tag;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Jazzer over what a stdio client writes: raw bytes, split into lines by the transport, after a
 * valid initialize so the session is live. The transport must reach the end of the input and return
 * (no hang), and every line it writes to standard output must be a JSON-RPC message.
 */
@Tag("fuzz")
class StdioLineFuzzTest {

  private static final JsonMapper JSON = JsonText.newMapper();
  private static final String INIT =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
          + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"f\",\"version\":\"0\"}}}\n"
          + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n";

  @FuzzTest(maxDuration = "30s")
  void everyOutputLineIsJsonRpc(FuzzedDataProvider data) {
    byte[] tail = data.consumeRemainingAsBytes();
    byte[] input = new byte[INIT.length() + tail.length];
    System.arraycopy(INIT.getBytes(StandardCharsets.UTF_8), 0, input, 0, INIT.length());
    System.arraycopy(tail, 0, input, INIT.length(), tail.length);
    McpServers.Parts parts =
        new McpServers.Parts(
            JSON,
            McpServers.mcpMapper(JSON),
            McpServers.schemaValidator(JSON),
            McpServers.ToolList.NONE,
            new McpPromptBridge(PromptCatalog.empty(), JSON),
            new McpResourceBridge(ResourceCatalog.empty()),
            new Completions(ResourceCatalog.empty(), PromptCatalog.empty()),
            new ListUpdates(),
            RequestStates.from(JSON, Map.of()),
            "fuzz",
            Duration.ofSeconds(2));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    StdioTransport transport =
        new StdioTransport(
            parts.mcpJson(),
            parts.json(),
            parts.gate(),
            parts.modern(),
            new ByteArrayInputStream(input),
            out,
            4096,
            Duration.ofSeconds(2));
    var server = McpServers.stdio(transport, parts);
    try {
      transport.run();
    } finally {
      server.close();
    }
    for (String line : out.toString(StandardCharsets.UTF_8).split("\n", -1)) {
      if (line.isEmpty()) {
        continue;
      }
      JsonNode message = JSON.readTree(line);
      assertEquals("2.0", message.path("jsonrpc").asString(), line);
    }
  }
}
