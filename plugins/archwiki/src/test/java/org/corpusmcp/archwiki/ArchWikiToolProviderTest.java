package org.corpusmcp.archwiki;

import static org.corpusmcp.testkit.TestContexts.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.corpusmcp.api.ToolArguments;
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.api.ToolSpec;
import org.corpusmcp.archwiki.wiki.HttpTransport;
import org.corpusmcp.archwiki.wiki.ReplayTransport;
import org.corpusmcp.testkit.TestContexts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the host sees: names, schemas (CLI positional order), hints, error codes, settings. */
class ArchWikiToolProviderTest {

  private final ArchWikiToolProvider provider = new ArchWikiToolProvider();

  private List<ToolSpec> offlineTools() {
    return provider.tools(
        TestContexts.of(
            "archwiki",
            Map.of("ARCHWIKI_OFFLINE", "1", "ARCHWIKI_FIXTURES", Fixtures.dir().toString())));
  }

  private static ToolResult call(List<ToolSpec> tools, String name, Map<String, Object> args) {
    return tools.stream()
        .filter(t -> t.name().equals(name))
        .findFirst()
        .orElseThrow()
        .handler()
        .call(ToolArguments.of(args));
  }

  @Test
  void toolsAreTheSeedsSevenPlusVerifyUnderThePrefix() {
    assertEquals("archwiki_", provider.defaultToolPrefix());
    List<String> names = offlineTools().stream().map(ToolSpec::name).toList();
    assertEquals(
        List.of("search", "page", "sections", "section", "commands", "warnings", "links", "verify"),
        names);
    for (ToolSpec t : offlineTools()) {
      assertTrue(t.hints().readOnly() && t.hints().openWorld() && t.hints().idempotent());
      assertTrue(ToolSpec.NAME_PATTERN.matcher("archwiki_" + t.name()).matches());
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void schemasDeclareWhatTheCliMapsPositionalArgumentsOnto() {
    Map<String, List<String>> expected =
        Map.of(
            "search", List.of("query", "limit"),
            "page", List.of("title_or_url"),
            "sections", List.of("title_or_url"),
            "section", List.of("title_or_url", "anchor"),
            "commands", List.of("title_or_url", "anchor"),
            "warnings", List.of("title_or_url", "anchor"),
            "links", List.of("title_or_url", "anchor"),
            "verify", List.of("result"));
    for (ToolSpec t : offlineTools()) {
      Map<String, Object> schema = (Map<String, Object>) json().parse(t.inputSchema());
      assertEquals("object", schema.get("type"));
      assertEquals(false, schema.get("additionalProperties"));
      Map<String, Object> props = (Map<String, Object>) schema.get("properties");
      assertEquals(expected.get(t.name()), List.copyOf(props.keySet()), t.name());
      for (Object p : props.values()) {
        Map<String, Object> prop = (Map<String, Object>) p;
        if ("string".equals(prop.get("type"))) {
          assertEquals(1L, prop.get("minLength"));
          assertEquals("\\S", prop.get("pattern"));
        }
      }
    }
    Map<String, Object> search =
        (Map<String, Object>) json().parse(offlineTools().get(0).inputSchema());
    Map<String, Object> limit =
        (Map<String, Object>) ((Map<String, Object>) search.get("properties")).get("limit");
    assertEquals(
        Map.of(
            "type",
            "integer",
            "minimum",
            1L,
            "maximum",
            50L,
            "default",
            10L,
            "description",
            "Max results (default 10)"),
        limit);
    assertEquals(List.of("query"), search.get("required"));
  }

  @Test
  void failuresCarryTheContractsCodes() {
    List<ToolSpec> tools = offlineTools();
    ToolResult.Failure missing =
        assertInstanceOf(
            ToolResult.Failure.class,
            call(tools, "commands", Map.of("title_or_url", "Nonexistent page xyz")));
    assertEquals("page_not_found", missing.code());
    assertEquals(
        "malformed_wiki_url",
        ((ToolResult.Failure)
                call(tools, "page", Map.of("title_or_url", "ftp://wiki.archlinux.org/title/GRUB")))
            .code());
    assertEquals(
        "section_not_found",
        ((ToolResult.Failure)
                call(tools, "warnings", Map.of("title_or_url", "GRUB", "anchor", "installation")))
            .code());
    ToolResult.Failure unrecorded =
        assertInstanceOf(
            ToolResult.Failure.class,
            call(tools, "page", Map.of("title_or_url", "Never recorded")));
    assertEquals("not_recorded", unrecorded.code());
    assertEquals(
        "Offline mode is on (ARCHWIKI_OFFLINE), so the Arch wiki tools answer only from a folder"
            + " of recorded wiki responses, and it has no recorded answer for this request: the"
            + " folder ARCHWIKI_FIXTURES="
            + Fixtures.dir()
            + " holds no parse_Never_recorded.json. Record the pages you need with `corpus-mcp"
            + " archwiki record TITLE...` (it needs network access and ARCHWIKI_OFFLINE unset), or"
            + " unset ARCHWIKI_OFFLINE to ask the wiki over the network.",
        unrecorded.message());
    PlainWords.assertPlainWords(unrecorded.message());
  }

  private static ToolResult.Failure offlineFailure(Map<String, String> settings) {
    List<ToolSpec> tools = new ArchWikiToolProvider().tools(TestContexts.of("archwiki", settings));
    return assertInstanceOf(
        ToolResult.Failure.class,
        call(tools, "commands", Map.of("title_or_url", "GRUB", "anchor", "Installation")));
  }

  /** The README's offline recipe with the folder missing: the setting and the way out, no trace. */
  @Test
  void aMissingFixturesFolderIsAConfigurationErrorNamingTheSetting() {
    ToolResult.Failure relative =
        offlineFailure(
            Map.of("ARCHWIKI_OFFLINE", "1", "ARCHWIKI_FIXTURES", "../shared/no-such-fixtures"));
    assertEquals("configuration_error", relative.code());
    assertEquals(
        "Offline mode is on (ARCHWIKI_OFFLINE), so the Arch wiki tools answer only from a folder"
            + " of recorded wiki responses, but the folder"
            + " ARCHWIKI_FIXTURES=../shared/no-such-fixtures does not exist (a relative path is"
            + " taken from the directory corpus-mcp was started in). Set ARCHWIKI_FIXTURES to a"
            + " folder of recorded responses (`corpus-mcp archwiki record TITLE...` records one; it"
            + " needs network access and ARCHWIKI_OFFLINE unset), or unset ARCHWIKI_OFFLINE to ask"
            + " the wiki over the network.",
        relative.message());
    PlainWords.assertPlainWords(relative.message());

    // Unset: the default folder is named as a default, not as something the operator typed.
    ToolResult.Failure defaulted = offlineFailure(Map.of("ARCHWIKI_OFFLINE", "1"));
    assertEquals("configuration_error", defaulted.code());
    assertTrue(
        defaulted
            .message()
            .contains(
                ", but the folder tests/fixtures (the default, as ARCHWIKI_FIXTURES is not set)"
                    + " does not exist (a relative path"),
        defaulted.message());
  }

  @Test
  void aFixturesPathThatIsAFileIsAConfigurationError(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("fixtures.json"), "{}");
    ToolResult.Failure notAFolder =
        offlineFailure(Map.of("ARCHWIKI_OFFLINE", "1", "ARCHWIKI_FIXTURES", file.toString()));
    assertEquals("configuration_error", notAFolder.code());
    assertEquals(
        "Offline mode is on (ARCHWIKI_OFFLINE), so the Arch wiki tools answer only from a folder"
            + " of recorded wiki responses, but ARCHWIKI_FIXTURES="
            + file
            + " is a file, not a folder. Set ARCHWIKI_FIXTURES to a folder of recorded responses"
            + " (`corpus-mcp archwiki record TITLE...` records one; it needs network access and"
            + " ARCHWIKI_OFFLINE unset), or unset ARCHWIKI_OFFLINE to ask the wiki over the"
            + " network.",
        notAFolder.message());
  }

  /** Checked on every miss, not once at startup: a folder that appears later is used at once. */
  @Test
  void aFolderCreatedAfterStartIsUsedWithoutARestart(@TempDir Path dir) throws IOException {
    Path later = dir.resolve("later");
    List<ToolSpec> tools =
        new ArchWikiToolProvider()
            .tools(
                TestContexts.of(
                    "archwiki",
                    Map.of("ARCHWIKI_OFFLINE", "1", "ARCHWIKI_FIXTURES", later.toString())));
    Map<String, Object> args = Map.of("title_or_url", "GRUB", "anchor", "Installation");
    assertEquals(
        "configuration_error",
        assertInstanceOf(ToolResult.Failure.class, call(tools, "commands", args)).code());
    Files.createDirectories(later);
    for (String name : List.of("parse_GRUB.json", "query_siteinfo.json")) {
      Files.copy(Fixtures.dir().resolve(name), later.resolve(name));
    }
    assertInstanceOf(ToolResult.Success.class, call(tools, "commands", args));
  }

  /** The README's promise: no Java class name, even when the wiki cannot be reached at all. */
  @Test
  void aClosedPortIsReportedInPlainWords() throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    String api = "http://127.0.0.1:" + port + "/api.php";
    List<ToolSpec> tools =
        new ArchWikiToolProvider()
            .tools(
                TestContexts.of(
                    "archwiki", Map.of("ARCHWIKI_API_URL", api, "ARCHWIKI_TIMEOUT", "5")));
    ToolResult.Failure f =
        assertInstanceOf(
            ToolResult.Failure.class,
            call(tools, "commands", Map.of("title_or_url", "GRUB", "anchor", "Installation")));
    assertEquals("upstream_api_error", f.code());
    assertEquals(
        "The wiki at "
            + api
            + " did not answer (3 attempts): could not connect to 127.0.0.1:"
            + port
            + ": connection refused. Check that ARCHWIKI_API_URL names a wiki that"
            + " is running and reachable from this machine, or set ARCHWIKI_OFFLINE=1 to answer"
            + " from recorded wiki responses in the folder ARCHWIKI_FIXTURES names.",
        f.message());
    PlainWords.assertPlainWords(f.message());
  }

  @Test
  void offlineSettingsSelectReplayAndOtherwiseTheLiveWiki() {
    assertInstanceOf(
        ReplayTransport.class,
        ArchWikiToolProvider.newClient(json(), Map.of("ARCHWIKI_OFFLINE", "1")).transport());
    assertInstanceOf(
        HttpTransport.class,
        ArchWikiToolProvider.newClient(json(), Map.of("ARCHWIKI_OFFLINE", "")).transport());
    assertInstanceOf(
        HttpTransport.class, ArchWikiToolProvider.newClient(json(), Map.of()).transport());
    assertEquals("0.1.0", ArchWikiToolProvider.version());
  }

  @Test
  void successBodiesAreTheToolPayloads() {
    ToolResult.Success s =
        assertInstanceOf(
            ToolResult.Success.class,
            call(
                offlineTools(),
                "commands",
                Map.of(
                    "title_or_url",
                    "https://wiki.archlinux.org/title/GRUB",
                    "anchor",
                    "Installation")));
    assertTrue(((List<?>) s.body().get("commands")).size() > 0);
  }
}
