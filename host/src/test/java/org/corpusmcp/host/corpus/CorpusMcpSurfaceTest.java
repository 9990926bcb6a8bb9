package org.corpusmcp.host.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.corpusmcp.corpus.CorpusSettings;
import org.corpusmcp.host.Host;
import org.corpusmcp.host.mcp.HttpMcpServer;
import org.corpusmcp.host.mcp.HttpSettings;
import org.corpusmcp.host.mcp.JsonText;
import org.corpusmcp.host.mcp.McpServers;
import org.corpusmcp.host.testing.SamplePlugins;
import org.corpusmcp.host.testing.TestCorpus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The corpus's MCP surface: exactly search and fetch, and no prompts or resources. */
class CorpusMcpSurfaceTest {

  @TempDir Path dir;

  @Test
  void theCorpusExposesExactlyTwoToolsAndNoPromptsOrResources() {
    TestCorpus.writeAdapterPlugin(dir.resolve("plugins"));
    Path config = TestCorpus.writeConfig(dir.resolve("corpus"), Map.of("Ray", TestCorpus.RAY_MINI));
    CorpusSettings settings =
        CorpusSettings.builder(TestCorpus.SAMPLES, config)
            .searchWorkers(2)
            .logQueries(false)
            .build();
    var json = JsonText.newMapper();
    try (Host host =
            Host.start(
                SamplePlugins.settings(dir.resolve("plugins")),
                json,
                plugins -> CorpusWiring.tools(settings, plugins, null));
        HttpMcpServer server =
            HttpMcpServer.start(
                new HttpSettings("127.0.0.1", 0, null, List.of(), List.of(), 1 << 20),
                host.mcpParts(Duration.ofSeconds(30)))) {
      McpSyncClient client =
          McpClient.sync(
                  HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + server.port())
                      .endpoint("/mcp")
                      .jsonMapper(McpServers.mcpMapper(json))
                      .build())
              .requestTimeout(Duration.ofSeconds(30))
              .build();
      try {
        McpSchema.InitializeResult init = client.initialize();
        assertNull(init.capabilities().prompts());
        assertNull(init.capabilities().resources());
        assertEquals(
            List.of("search", "fetch"),
            client.listTools().tools().stream().map(McpSchema.Tool::name).toList());
        // A client that asks anyway gets -32601 from the protocol gate (ProtocolGateTest).

        McpSchema.CallToolResult found =
            client.callTool(
                McpSchema.CallToolRequest.builder("search")
                    .arguments(Map.of("query", "Ray Charles"))
                    .build());
        assertFalse(found.isError());
        @SuppressWarnings("unchecked")
        var results =
            (List<Map<String, Object>>)
                ((Map<String, Object>) found.structuredContent()).get("results");
        String ref = (String) results.get(0).get("ref");
        McpSchema.CallToolResult fetched =
            client.callTool(
                McpSchema.CallToolRequest.builder("fetch").arguments(Map.of("ref", ref)).build());
        assertFalse(fetched.isError());
        McpSchema.CallToolResult tooMany =
            client.callTool(
                McpSchema.CallToolRequest.builder("search")
                    .arguments(Map.of("query", "x", "limit", 11))
                    .build());
        assertTrue(tooMany.isError());
        assertTrue(
            ((McpSchema.TextContent) tooMany.content().get(0)).text().contains("must be <= 10"));
      } finally {
        client.closeGracefully();
      }
    }
  }
}
