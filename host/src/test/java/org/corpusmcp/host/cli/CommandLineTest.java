package org.corpusmcp.host.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.corpusmcp.host.Main;
import org.corpusmcp.host.config.HostSettings;
import org.corpusmcp.host.mcp.JsonText;
import org.corpusmcp.host.testing.SamplePlugins;
import org.corpusmcp.host.testing.TestCorpus;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The CLI in-process: what it prints where, and its exit codes. */
class CommandLineTest {

  @TempDir static Path dir;

  @BeforeAll
  static void plugins() {
    SamplePlugins.write(dir);
  }

  record Run(int status, String out, String err) {
    JsonNode json() {
      return JsonText.newMapper().readTree(out);
    }
  }

  static Run run(String... args) {
    return run(Map.of(HostSettings.ENV_PLUGINS_DIR, dir.toString()), args);
  }

  static Run run(Map<String, String> env, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status =
        Main.run(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            env);
    return new Run(
        status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void versionAndHelpGoToStdout() {
    Run version = run("--version");
    assertEquals(0, version.status());
    assertTrue(version.out().startsWith("corpus-mcp "), version.out());
    Run help = run("--help");
    assertTrue(
        help.out().contains("serve")
            && help.out().contains("doctor")
            && help.out().contains("corpus-mcp <plugin-id> <tool>"),
        help.out());
  }

  @Test
  void toolsPrintsTheCatalogueAsJson() {
    Run tools = run("tools", "--json");
    assertEquals(0, tools.status(), tools.err());
    JsonNode list = tools.json().get("tools");
    assertEquals(5, list.size());
    assertEquals("sample_echo", list.get(0).get("name").asString());
    assertEquals("sample", list.get(0).get("plugin").asString());
    assertTrue(list.get(0).get("annotations").get("readOnlyHint").asBoolean());
  }

  @Test
  void toolsWithoutJsonIsAShortTableAPersonReads() {
    Run table = run("tools");
    assertEquals(0, table.status(), table.err());
    List<String> lines = table.out().lines().toList();
    assertTrue(lines.get(0).matches("TOOL +PLUGIN +TITLE"), lines.get(0));
    // One row per tool, name first, in tools/list order: the five sample tools.
    assertTrue(lines.get(1).startsWith("sample_echo "), table.out());
    assertEquals(5, lines.stream().filter(l -> l.startsWith("sample_")).count(), table.out());
    assertTrue(!table.out().contains("inputSchema"), "schemas only with --json: " + table.out());
    assertTrue(table.out().contains("corpus-mcp tools --json"), table.out());
  }

  @Test
  void toolsListsPluginPromptsBesideTheTools(@TempDir Path withPrompts) {
    assertEquals(
        0, run("tools", "--json").json().get("prompts").size(), "the sample plugin has no prompts");
    SamplePlugins.write(withPrompts);
    SamplePlugins.writePromptPlugin(withPrompts);
    Run tools =
        run(Map.of(HostSettings.ENV_PLUGINS_DIR, withPrompts.toString()), "tools", "--json");
    assertEquals(0, tools.status(), tools.err());
    assertEquals(5, tools.json().get("tools").size());
    JsonNode prompt = tools.json().get("prompts").get(0);
    assertEquals(SamplePlugins.GUIDE_PROMPT, prompt.get("name").asString());
    assertEquals("guide", prompt.get("plugin").asString());
    assertEquals(SamplePlugins.GUIDE_DESCRIPTION, prompt.get("description").asString());
    assertEquals(0, prompt.get("arguments").size());
  }

  @Test
  void callPrintsResultsAndExitsNonZeroOnToolErrors() {
    Run ok = run("call", "sample_echo", "{\"text\":\"cli\"}");
    assertEquals(0, ok.status(), ok.err());
    assertEquals("cli", ok.json().get("echo").asString());
    Run failed = run("call", "sample_fail");
    assertEquals(1, failed.status());
    assertEquals("", failed.out());
    assertTrue(failed.err().contains("\"page_not_found\""), failed.err());
    Run badJson = run("call", "sample_echo", "{nope");
    assertEquals(2, badJson.status());
    assertTrue(badJson.err().contains("must be one JSON object"), badJson.err());
  }

  @Test
  void pluginToolsRunWithPositionalArguments() {
    Run ok = run("sample", "echo", "hey", "2");
    assertEquals(0, ok.status(), ok.err());
    assertEquals("heyhey", ok.json().get("echo").asString());
    Run notInt = run("sample", "echo", "hey", "two");
    assertEquals(1, notInt.status());
    assertTrue(notInt.err().contains("echo.times must be an integer, got 'two'"), notInt.err());
    Run tooMany = run("sample", "echo", "a", "1", "extra");
    assertEquals(1, tooMany.status());
    assertTrue(tooMany.err().contains("takes at most 2 argument(s)"), tooMany.err());
    Run unknown = run("sample", "nope");
    assertEquals(2, unknown.status());
    assertTrue(unknown.err().contains("echo <text> [times]"), unknown.err());
  }

  @Test
  void generatesAShellCompletionScriptThatKnowsTheCommands() throws Exception {
    Run completion = run("generate-completion");
    assertEquals(0, completion.status(), completion.err());
    assertTrue(completion.out().contains("complete -F _complete_corpus-mcp"), completion.out());
    // bash itself must accept the script, and completing "corpus-mcp se" must offer serve.
    Process bash =
        new ProcessBuilder(
                "bash",
                "-c",
                "source /dev/stdin; COMP_WORDS=(corpus-mcp se); COMP_CWORD=1; _complete_corpus-mcp;"
                    + " printf '%s\\n' \"${COMPREPLY[@]}\"")
            .redirectErrorStream(true)
            .start();
    bash.getOutputStream().write(completion.out().getBytes(StandardCharsets.UTF_8));
    bash.getOutputStream().close();
    String offered = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, bash.waitFor(), offered);
    assertTrue(offered.lines().anyMatch("serve"::equals), offered);
  }

  @Test
  void mistypedNamesGetTheNearestOneSuggested() {
    Run command = run("serv");
    assertEquals(2, command.status());
    assertTrue(
        command.err().contains("Unknown command or plugin: 'serv' (did you mean 'serve'?)"),
        command.err());
    Run plugin = run("sampel", "echo", "hey");
    assertEquals(2, plugin.status());
    assertTrue(plugin.err().contains("(did you mean 'sample'?)"), plugin.err());
    Run tool = run("sample", "ehco", "hey");
    assertEquals(2, tool.status());
    assertTrue(
        tool.err().contains("Unknown tool or command: ehco (did you mean 'echo'?)"), tool.err());
    Run called = run("call", "sample_ecoh", "{}");
    assertEquals(1, called.status());
    assertTrue(
        called.err().contains("Unknown tool: sample_ecoh (did you mean 'sample_echo'?)"),
        called.out() + called.err());
    Run noTool = run("sample");
    assertEquals(2, noTool.status());
    assertTrue(noTool.err().contains("Plugin 'sample' has: [echo <text> [times]"), noTool.err());
    // Far from every name: no guess rather than a wrong one.
    Run far = run("zzzzzz");
    assertTrue(!far.err().contains("did you mean"), far.err());
  }

  @Test
  void startupFailuresExitThreeWithTheReason() {
    Map<String, String> env = new HashMap<>();
    env.put(HostSettings.ENV_PLUGINS_DIR, dir.resolve("missing").toString());
    Run run = run(env, "tools", "--json");
    assertEquals(3, run.status());
    assertTrue(run.err().contains("does not exist"), run.err());
  }

  /**
   * A port another process holds: serve says so in a sentence, names the port and the two ways to
   * another one, and exits 3 without a stack trace or the JDK's "Failed to bind".
   */
  @Test
  void aBusyPortIsNamedWithTheWayToAnotherOne() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      Run serve = run("serve", "--http", "--host", "127.0.0.1", "--port", String.valueOf(port));
      assertEquals(3, serve.status(), serve.err());
      assertEquals(
          "corpus-mcp: cannot listen on 127.0.0.1:"
              + port
              + ": port "
              + port
              + " is already in use by another process (perhaps another corpus-mcp serve --http)."
              + " Stop that process, or choose another port with --port N or MCP_PORT=N"
              + " (0 picks a free one).",
          serve.err().strip());
      assertTrue(!serve.err().contains("Exception") && !serve.err().contains("java."), serve.err());
      assertTrue(!serve.err().contains("Failed to bind"), serve.err());
    }
  }

  /** A corpus.toml that cannot be read is blamed on the setting that named it, flag or variable. */
  @Test
  void aMissingCorpusConfigNamesTheSettingThatChoseIt() {
    String missing = dir.resolve("no-such-corpus.toml").toString();
    for (String subcommand : List.of("list", "validate")) {
      Run flag = run("corpus", subcommand, "--corpus-config", missing);
      assertEquals(3, flag.status(), flag.err());
      assertTrue(flag.err().contains("--corpus-config " + missing), flag.err());
      assertTrue(!flag.err().contains("CORPUS_CONFIG"), flag.err());
    }
    Map<String, String> env = new HashMap<>();
    env.put(HostSettings.ENV_PLUGINS_DIR, dir.toString());
    env.put("CORPUS_CONFIG", missing);
    Run variable = run(env, "corpus", "list");
    assertEquals(3, variable.status(), variable.err());
    assertTrue(variable.err().contains("CORPUS_CONFIG=" + missing), variable.err());
    assertTrue(!variable.err().contains("--corpus-config"), variable.err());
    // The flag wins over the variable, and so does the blame.
    Run both = run(env, "corpus", "list", "--corpus-config", missing);
    assertTrue(both.err().contains("--corpus-config " + missing), both.err());
  }

  @Test
  void doctorChecksAndPrintsClientConfiguration() {
    Run doctor = run("doctor");
    assertEquals(0, doctor.status(), doctor.out() + doctor.err());
    assertTrue(doctor.out().contains("ok   plugins load and start: 1 plugin(s)"), doctor.out());
    assertTrue(doctor.out().contains("ok   5 tool(s) served: [sample_echo"), doctor.out());
    assertTrue(doctor.out().contains("\"mcpServers\""), doctor.out());
    assertTrue(doctor.out().contains("claude mcp add corpus-mcp"), doctor.out());
    // Every configuration snippet is JSON a client accepts as pasted: the stdio ones start this
    // launcher with "serve", the HTTP ones name the endpoint under each client's own key.
    List<JsonNode> snippets =
        doctor
            .out()
            .lines()
            .map(String::strip)
            .map(
                line -> line.startsWith("{") ? line : line.substring(line.indexOf(':') + 1).strip())
            .filter(line -> line.startsWith("{"))
            .map(line -> JsonText.newMapper().readTree(line))
            .toList();
    assertEquals(7, snippets.size(), doctor.out());
    for (String client : List.of("Cursor", "VS Code", "Windsurf")) {
      assertTrue(
          doctor.out().contains("  " + client + " ("), client + " is covered: " + doctor.out());
    }
    JsonNode vsCode = snippets.stream().filter(n -> n.has("servers")).findFirst().orElseThrow();
    assertEquals("stdio", vsCode.at("/servers/corpus-mcp/type").asString());
    assertEquals(
        List.of("serve"),
        JsonText.newMapper().convertValue(vsCode.at("/servers/corpus-mcp/args"), List.class));
    assertEquals(
        "http://127.0.0.1:8000/mcp",
        snippets.get(snippets.size() - 1).at("/mcpServers/corpus-mcp/serverUrl").asString(),
        "Windsurf names a remote server serverUrl");
    Run broken = run(Map.of(HostSettings.ENV_PLUGINS_DIR, "/nonexistent/plugins"), "doctor");
    assertEquals(1, broken.status());
    assertTrue(broken.out().contains("FAIL"), broken.out());
  }

  @Test
  void prefixesAndDisablingWorkFromTheEnvironment() {
    Run bare =
        run(
            Map.of(
                HostSettings.ENV_PLUGINS_DIR,
                dir.toString(),
                HostSettings.ENV_TOOL_PREFIXES,
                "sample="),
            "tools",
            "--json");
    assertEquals("echo", bare.json().get("tools").get(0).get("name").asString());
    Run none =
        run(
            Map.of(
                HostSettings.ENV_PLUGINS_DIR, dir.toString(), HostSettings.ENV_DISABLED, "sample"),
            "tools",
            "--json");
    assertEquals(
        List.of(), JsonText.newMapper().convertValue(none.json().get("tools"), List.class));
  }

  /**
   * libzim's test suite damaged exactly one dirent's MIME type in this file: the listing prints
   * every entry, marks that one, and exits 1 naming the count, like tar or zimcheck would; the
   * sound archive it was made from lists cleanly.
   */
  @Test
  void zimEntriesExitsNonZeroAndCountsTheEntriesItCouldNotRead() {
    Path suite = TestCorpus.SAMPLES.resolve("zim-testing-suite/withns");
    Run damaged =
        run("zim", "entries", suite.resolve("invalid.bad_mimetype_in_dirent.zim").toString());
    assertEquals(1, damaged.status(), damaged.err());
    long marked = damaged.out().lines().filter(l -> l.contains("\"error\"")).count();
    assertEquals(1, marked, damaged.out());
    JsonNode summary = JsonText.newMapper().readTree(damaged.err().strip());
    assertEquals("damaged-entries", summary.get("error").asString());
    assertEquals(1, summary.get("damaged").asInt());
    assertEquals(damaged.out().lines().count(), summary.get("entries").asLong());

    Run sound = run("zim", "entries", suite.resolve("small.zim").toString());
    assertEquals(0, sound.status(), sound.err());
    assertEquals("", sound.err());
    assertTrue(sound.out().lines().count() > 1, sound.out());
  }

  /**
   * {@code zim cat --raw} writes the entry's bytes to standard output, which Main keeps from
   * everyone else: they once went to stderr through System.out, and stdout stayed empty.
   */
  @Test
  void zimCatRawWritesTheEntrysBytesToStandardOutput() {
    String small = TestCorpus.SAMPLES.resolve("zim-testing-suite/nons/small.zim").toString();
    JsonNode entry = run("zim", "cat", small, "main.html").json();
    Run raw = run("zim", "cat", "--raw", small, "main.html");
    assertEquals(0, raw.status(), raw.err());
    assertEquals("", raw.err());
    assertEquals(entry.get("content").asString(), raw.out());
    assertEquals(entry.get("size").asInt(), raw.out().getBytes(StandardCharsets.UTF_8).length);
  }
}
