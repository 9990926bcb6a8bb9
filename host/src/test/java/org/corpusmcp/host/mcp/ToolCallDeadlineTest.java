package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.api.ToolSpec;
import org.corpusmcp.host.Host;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every tool call ends by the configured deadline with a typed result, whatever the handler does:
 * sleep past it, or throw the {@link InternalError} a read from a truncated memory-mapped archive
 * raises (which Reactor treats as fatal and never completes, so the client waited forever).
 */
class ToolCallDeadlineTest {

  @TempDir static Path dir;
  static Host host;
  static HttpMcpServer server;
  static final JsonMapper JSON = JsonText.newMapper();
  static final Duration DEADLINE = Duration.ofSeconds(2);

  @BeforeAll
  static void start() {
    ToolSpec fatal =
        ToolSpec.builder("fatal")
            .description("Fails like a read of a truncated mapped file")
            .inputSchema("{\"type\":\"object\",\"properties\":{}}")
            .handler(
                arguments -> {
                  throw new InternalError("a fault occurred in an unsafe memory access operation");
                })
            .build();
    ToolSpec ok =
        ToolSpec.builder("ok")
            .description("Answers at once")
            .inputSchema("{\"type\":\"object\",\"properties\":{}}")
            .handler(arguments -> ToolResult.success(Map.of("ok", true)))
            .build();
    host = Host.start(SamplePlugins.settings(SamplePlugins.write(dir)), JSON, List.of(fatal, ok));
    server =
        HttpMcpServer.start(
            new HttpSettings("127.0.0.1", 0, null, List.of(), List.of(), 1 << 20),
            host.mcpParts(DEADLINE));
  }

  @AfterAll
  static void stop() {
    server.close();
    host.close();
  }

  static McpSchema.CallToolResult call(
      McpSyncClient client, String tool, Map<String, Object> args) {
    return client.callTool(McpSchema.CallToolRequest.builder(tool).arguments(args).build());
  }

  static JsonNode body(McpSchema.CallToolResult result) {
    return JSON.readTree(((McpSchema.TextContent) result.content().get(0)).text());
  }

  @Test
  void aCallPastTheDeadlineEndsWithATypedTimeout() {
    McpSyncClient client = HttpEndToEndTest.client(server.port(), null);
    try {
      long start = System.nanoTime();
      McpSchema.CallToolResult result =
          call(client, "sample_slow", Map.of("ms", 60_000, "tag", "late"));
      double seconds = (System.nanoTime() - start) / 1e9;
      assertTrue(result.isError(), result.toString());
      assertEquals("timeout", body(result).path("code").asString(), result.toString());
      assertTrue(seconds < DEADLINE.toSeconds() + 3, "answered after " + seconds + " s");
      assertFalse(call(client, "ok", Map.of()).isError());
    } finally {
      client.closeGracefully();
    }
  }

  /**
   * More overdue calls than the SDK has worker threads; each ends, and the server still answers.
   */
  @Test
  void overdueCallsFreeTheirThreads() throws Exception {
    McpSyncClient client = HttpEndToEndTest.client(server.port(), null);
    ExecutorService pool = Executors.newFixedThreadPool(24);
    try {
      List<Future<McpSchema.CallToolResult>> calls = new ArrayList<>();
      for (int i = 0; i < 24; i++) {
        calls.add(pool.submit(() -> call(client, "sample_slow", Map.of("ms", 60_000))));
      }
      for (Future<McpSchema.CallToolResult> call : calls) {
        McpSchema.CallToolResult result = call.get(20, TimeUnit.SECONDS);
        assertEquals("timeout", body(result).path("code").asString(), result.toString());
      }
      assertFalse(call(client, "ok", Map.of()).isError());
    } finally {
      pool.shutdownNow();
      client.closeGracefully();
    }
  }

  @Test
  void anInternalErrorInAHandlerIsATypedResultNotAHang() throws Exception {
    McpSyncClient client = HttpEndToEndTest.client(server.port(), null);
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      Future<McpSchema.CallToolResult> pending = pool.submit(() -> call(client, "fatal", Map.of()));
      McpSchema.CallToolResult result = pending.get(10, TimeUnit.SECONDS);
      assertTrue(result.isError(), result.toString());
      assertEquals("internal_error", body(result).path("code").asString(), result.toString());
      String text = ((McpSchema.TextContent) result.content().get(0)).text();
      assertFalse(text.contains("InternalError") || text.contains("unsafe memory"), text);
      assertFalse(call(client, "ok", Map.of()).isError());
    } finally {
      pool.shutdownNow();
      client.closeGracefully();
    }
  }
}
