package org.corpusmcp.host.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.corpusmcp.host.mcp.JsonText;
import org.corpusmcp.host.testing.HostProcess;
import org.corpusmcp.host.testing.TestCorpus;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One article of 300 MB that zstd stores in a few KB, built with the real libzim writer at test
 * time. Touching it must give a typed error, not end the JVM, and in stdio mode nothing but
 * JSON-RPC may reach standard output. The server runs as a child process with a 256 MB heap,
 * smaller than the article: the reader streams a cluster larger than its decode-buffer limit, so
 * the entry's size costs the cluster's offset table, not the 300 MB.
 */
class OversizedArticleTest {

  private static final long ARTICLE_BYTES = 300_000_000L;
  private static final JsonMapper JSON = JsonText.newMapper();

  @TempDir static Path dir;
  static Path root;

  @BeforeAll
  static void buildArchive() throws Exception {
    root = Files.createDirectories(dir.resolve("root"));
    Path script = dir.resolve("oversized_zim.py");
    try (InputStream in = OversizedArticleTest.class.getResourceAsStream("oversized_zim.py")) {
      Files.copy(in, script);
    }
    Process python =
        new ProcessBuilder(
                "/usr/bin/python3",
                script.toString(),
                root.resolve("oversized.zim").toString(),
                Long.toString(ARTICLE_BYTES))
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("python.log").toFile())
            .start();
    assertTrue(python.waitFor(5, TimeUnit.MINUTES), "the libzim writer did not finish");
    assertEquals(0, python.exitValue(), Files.readString(dir.resolve("python.log")));
    long size = Files.size(root.resolve("oversized.zim"));
    assertTrue(
        size < 200_000, "zstd should store the article in a few KB, the archive has " + size);
    TestCorpus.writeAdapterPlugin(dir.resolve("plugins"));
    TestCorpus.writeConfig(root, Map.of("Big", "oversized.zim"));
  }

  @Test
  void searchAndFetchGetTypedErrorsAndStdoutStaysJsonRpc() throws Exception {
    List<String> command = new ArrayList<>();
    command.add(HostProcess.java());
    command.add("-Xmx256m");
    command.addAll(HostProcess.args("serve", "--plugins-dir", dir.resolve("plugins").toString()));
    ProcessBuilder builder =
        new ProcessBuilder(command).redirectError(dir.resolve("stderr.log").toFile());
    builder.environment().put("CORPUS_CONFIG", root.resolve("corpus.toml").toString());
    builder.environment().put("CORPUS_ROOT", root.toString());
    Process server = builder.start();
    String[] requests = {
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
          + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"0\"}}}",
      "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
      "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"fetch\","
          + "\"arguments\":{\"ref\":\"corpus://Big/Huge\"}}}",
      "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"search\","
          + "\"arguments\":{\"query\":\"Huge\"}}}",
      "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"fetch\","
          + "\"arguments\":{\"ref\":\"corpus://Big/Huge_notes\"}}}",
    };
    List<String> stdout = new ArrayList<>();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader out =
                  new BufferedReader(
                      new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = out.readLine()) != null) {
                  synchronized (stdout) {
                    stdout.add(line);
                  }
                }
              } catch (IOException e) {
                // the process ended
              }
            });
    reader.start();
    try (OutputStream stdin = server.getOutputStream()) {
      for (String request : requests) {
        stdin.write((request + "\n").getBytes(StandardCharsets.UTF_8));
      }
    } // end of input: the server answers what it has and exits
    boolean exited = server.waitFor(3, TimeUnit.MINUTES);
    if (!exited) {
      server.destroyForcibly();
    }
    reader.join(10_000);
    String stderr = Files.readString(dir.resolve("stderr.log"));
    assertTrue(exited, "the server hung; stdout " + stdout + "\nstderr " + tail(stderr));
    assertEquals(0, server.exitValue(), "the server died; stderr " + tail(stderr));

    Map<Integer, JsonNode> replies = new java.util.HashMap<>();
    for (String line : stdout) {
      JsonNode reply = JSON.readTree(line); // anything but JSON-RPC on stdout fails here
      assertEquals("2.0", reply.path("jsonrpc").asString(), line);
      replies.put(reply.path("id").asInt(), reply);
    }
    assertTrue(
        replies.keySet().containsAll(List.of(1, 2, 3, 4)),
        "unanswered: " + stdout + "\nstderr " + tail(stderr));
    JsonNode fetch = body(replies.get(2));
    assertEquals("document_too_large", fetch.path("code").asString(), fetch.toString());
    assertTrue(fetch.path("message").asString().contains("MAX_DOCUMENT_BYTES"), fetch.toString());

    JsonNode search = body(replies.get(3));
    assertEquals(
        "Huge notes", search.path("results").get(0).path("title").asString(), search.toString());
    assertEquals(1, search.path("results").size(), search.toString());
    assertTrue(
        search.path("degraded").get(0).path("error").asString().contains("MAX_DOCUMENT_BYTES"),
        search.toString());

    assertEquals(
        "Huge notes", body(replies.get(4)).path("title").asString(), "other documents still work");
  }

  private static JsonNode body(JsonNode reply) {
    assertTrue(reply != null && reply.has("result"), String.valueOf(reply));
    return JSON.readTree(reply.path("result").path("content").get(0).path("text").asString());
  }

  private static String tail(String text) {
    return text.length() <= 3000 ? text : text.substring(text.length() - 3000);
  }
}
