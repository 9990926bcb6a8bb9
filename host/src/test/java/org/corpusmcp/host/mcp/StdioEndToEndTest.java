package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.corpusmcp.host.testing.HostProcess;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The host as a child process over real stdio, driven by the MCP Java SDK client and by hand. */
class StdioEndToEndTest {

  @TempDir static Path dir;
  static McpSyncClient client;
  static final JsonMapper JSON = JsonText.newMapper();

  @BeforeAll
  static void start() {
    SamplePlugins.write(dir);
    SamplePlugins.writePromptPlugin(dir);
    ServerParameters params =
        ServerParameters.builder(HostProcess.java())
            .args(HostProcess.args("serve", "--plugins-dir", dir.toString()))
            .build();
    client =
        McpClient.sync(new StdioClientTransport(params, McpServers.mcpMapper(JSON)))
            .requestTimeout(Duration.ofSeconds(60))
            .build();
    client.initialize();
  }

  @AfterAll
  static void stop() {
    client.closeGracefully();
  }

  static McpSchema.CallToolRequest request(String name, Map<String, Object> args) {
    return McpSchema.CallToolRequest.builder(name).arguments(args).build();
  }

  @Test
  void listsToolsWithAnnotationsAndSchemas() {
    List<McpSchema.Tool> tools = client.listTools().tools();
    assertEquals(
        List.of("sample_echo", "sample_fail", "sample_boom", "sample_slow", "sample_printer"),
        tools.stream().map(McpSchema.Tool::name).toList());
    McpSchema.Tool echo = tools.get(0);
    assertEquals(true, echo.annotations().readOnlyHint());
    assertEquals(true, echo.annotations().idempotentHint());
    assertEquals(false, echo.annotations().openWorldHint());
    assertNotNull(echo.outputSchema());
    assertEquals("object", echo.inputSchema().get("type"));
  }

  @Test
  void pluginPromptsAreAdvertisedListedAndServed() {
    assertNotNull(client.getServerCapabilities().prompts());
    List<McpSchema.Prompt> prompts = client.listPrompts().prompts();
    assertEquals(
        List.of(SamplePlugins.GUIDE_PROMPT), prompts.stream().map(McpSchema.Prompt::name).toList());
    assertEquals(List.of(), prompts.get(0).arguments());
    McpSchema.GetPromptResult got =
        client.getPrompt(
            new McpSchema.GetPromptRequest(SamplePlugins.GUIDE_PROMPT, Map.of(), null));
    assertEquals(
        SamplePlugins.GUIDE_TEXT, ((McpSchema.TextContent) got.messages().get(0).content()).text());
    McpError unknown =
        assertThrows(
            McpError.class,
            () -> client.getPrompt(new McpSchema.GetPromptRequest("examples", Map.of(), null)));
    assertEquals(-32602, unknown.getJsonRpcError().code());
    assertEquals("Unknown prompt: examples", unknown.getJsonRpcError().message());
  }

  /** The MCP answer to a mistyped tool suggests the nearest one, as `corpus-mcp call` does. */
  @Test
  void aMistypedToolIsAnsweredWithTheNearestName() {
    McpError typo =
        assertThrows(McpError.class, () -> client.callTool(request("sample_ecoh", Map.of())));
    assertEquals(-32602, typo.getJsonRpcError().code());
    assertEquals(
        "Unknown tool: sample_ecoh (did you mean 'sample_echo'?)",
        typo.getJsonRpcError().message());
    McpError far =
        assertThrows(McpError.class, () -> client.callTool(request("zzzzzzzz", Map.of())));
    assertEquals("Unknown tool: zzzzzzzz", far.getJsonRpcError().message());
  }

  @Test
  void callReturnsStructuredContentAndTheSameJsonAsText() {
    McpSchema.CallToolResult result =
        client.callTool(request("sample_echo", Map.of("text", "héllo", "times", 2)));
    assertFalse(result.isError());
    assertEquals(Map.of("echo", "héllohéllo"), result.structuredContent());
    String text = ((McpSchema.TextContent) result.content().get(0)).text();
    assertEquals("héllohéllo", JSON.readTree(text).get("echo").asString());
  }

  @Test
  void failuresAreIsErrorResultsWithAStableCodeAndNoTrace() {
    McpSchema.CallToolResult failed = client.callTool(request("sample_fail", Map.of()));
    assertTrue(failed.isError());
    JsonNode body = JSON.readTree(((McpSchema.TextContent) failed.content().get(0)).text());
    assertEquals("page_not_found", body.get("code").asString());
    McpSchema.CallToolResult boom = client.callTool(request("sample_boom", Map.of()));
    assertTrue(boom.isError());
    String text = ((McpSchema.TextContent) boom.content().get(0)).text();
    assertTrue(text.contains("internal_error"), text);
    assertFalse(text.contains("secret internal detail") || text.contains("Exception"), text);
    McpSchema.CallToolResult invalid = client.callTool(request("sample_echo", Map.of("txt", "x")));
    assertTrue(invalid.isError());
    assertTrue(
        ((McpSchema.TextContent) invalid.content().get(0)).text().contains("did you mean 'text'"));
  }

  @Test
  void aPluginPrintingToStdoutCannotCorruptTheChannel() {
    McpSchema.CallToolResult printed = client.callTool(request("sample_printer", Map.of()));
    assertFalse(printed.isError());
    assertEquals(
        "x",
        client.callTool(request("sample_echo", Map.of("text", "x"))).structuredContent()
                instanceof Map<?, ?> m
            ? m.get("echo")
            : null);
  }

  @Test
  void concurrentCallsAreAllAnsweredWithTheirOwnResults() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(16);
    try {
      List<Future<Object>> futures = new ArrayList<>();
      for (int i = 0; i < 64; i++) {
        String tag = "t" + i;
        futures.add(
            pool.submit(
                () -> {
                  McpSchema.CallToolResult r =
                      client.callTool(request("sample_slow", Map.of("ms", 20, "tag", tag)));
                  return ((Map<?, ?>)
                          JSON.readValue(
                              ((McpSchema.TextContent) r.content().get(0)).text(), Map.class))
                      .get("tag");
                }));
      }
      for (int i = 0; i < futures.size(); i++) {
        assertEquals("t" + i, futures.get(i).get(60, TimeUnit.SECONDS));
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /** Raw lines, as a broken or hostile client would send them. */
  @Test
  void badLinesGetJsonRpcErrorsTheReaderSurvivesAndEofExits() throws Exception {
    Process process =
        new ProcessBuilder(HostProcess.command("serve", "--plugins-dir", dir.toString()))
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    String init =
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
            + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"0\"}}}";
    String[] lines = {
      init,
      "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
      "",
      "garbage",
      "[1,2]",
      "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}",
      "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"server/discover\"}",
      "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/call\",\"params\":{\"name\":\"examples\"}}",
      "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"prompts/get\",\"params\":{\"name\":\"examples\"}}",
      "{\"id\":7,\"method\":\"ping\"}",
      "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/call\",\"params\":{\"name\":\"sample_slow\",\"arguments\":{\"ms\":300,\"tag\":\"last\"}}}",
    };
    try (OutputStream stdin = process.getOutputStream()) {
      for (String line : lines) {
        stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      }
    } // closing stdin: the server must answer id 8 (still running) and then exit
    List<JsonNode> replies = new ArrayList<>();
    try (BufferedReader out =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = out.readLine()) != null) {
        replies.add(JSON.readTree(line)); // every stdout line must be JSON
      }
    }
    assertTrue(process.waitFor(20, TimeUnit.SECONDS), "server did not exit after stdin closed");
    assertEquals(0, process.exitValue());
    Map<String, Integer> codes = new java.util.HashMap<>();
    for (JsonNode reply : replies) {
      if (reply.has("error")) {
        codes.merge(String.valueOf(reply.get("error").get("code").asInt()), 1, Integer::sum);
      }
    }
    assertEquals(2, codes.get("-32700"), replies.toString()); // blank + garbage
    assertEquals(3, codes.get("-32600"), replies.toString()); // batch, null id, no jsonrpc
    assertEquals(1, codes.get("-32601"), replies.toString()); // server/discover
    assertEquals(2, codes.get("-32602"), replies.toString()); // unknown tool, unknown prompt
    assertEquals(
        "Unknown prompt: examples",
        replies.stream()
            .filter(r -> r.path("id").asInt() == 9)
            .findFirst()
            .orElseThrow()
            .path("error")
            .path("message")
            .asString(),
        replies.toString());
    assertEquals(
        "Invalid Request: 'jsonrpc' must be \"2.0\"",
        replies.stream()
            .filter(r -> r.path("id").asInt() == 7)
            .findFirst()
            .orElseThrow()
            .path("error")
            .path("message")
            .asString(),
        "a message without jsonrpc is refused like one with a wrong version: " + replies);
    JsonNode last =
        replies.stream().filter(r -> r.path("id").asInt() == 8).findFirst().orElseThrow();
    assertTrue(last.path("result").path("content").get(0).path("text").asString().contains("last"));
  }
}
