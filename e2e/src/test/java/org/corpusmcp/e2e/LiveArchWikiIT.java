package org.corpusmcp.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Arch wiki tools against a real MediaWiki, through the distribution: a local wiki holding the
 * recorded pages' wikitext, and the same tools replaying the recorded responses offline. The hashes
 * cover wikitext, so they must agree between the two; the revision ids, page ids and URLs must be
 * the local wiki's own, as the local wiki itself reports them.
 */
@Timeout(value = 10, unit = java.util.concurrent.TimeUnit.MINUTES)
class LiveArchWikiIT {

  static final JsonMapper JSON = JsonMapper.builder().build();
  static RecordedArchWiki recorded;
  static LocalMediaWiki wiki;
  static McpSyncClient live;
  static McpSyncClient offline;

  @BeforeAll
  static void start() throws Exception {
    recorded = new RecordedArchWiki(Dist.SHARED.resolve("archwiki-fixtures"));
    wiki =
        LocalMediaWiki.start(
            Path.of("target/live-mediawiki").toAbsolutePath(),
            RecordedArchWiki.SITE_NAME,
            recorded.extraSettings(),
            recorded.interwikiSql(),
            recorded.importList());
    live = client(liveEnv(wiki.api));
    offline = client(Dist.env());
  }

  @AfterAll
  static void stop() throws Exception {
    for (McpSyncClient c : new McpSyncClient[] {live, offline}) {
      if (c != null) {
        c.closeGracefully();
      }
    }
    if (wiki != null) {
      wiki.close();
    }
  }

  static Map<String, String> liveEnv(String api) {
    Map<String, String> env = new HashMap<>(System.getenv());
    env.put("ARCHWIKI_OFFLINE", "");
    env.put("ARCHWIKI_API_URL", api);
    env.put("ARCHWIKI_TIMEOUT", "20");
    return env;
  }

  static McpSyncClient client(Map<String, String> env) {
    ServerParameters params =
        ServerParameters.builder(Dist.LAUNCHER.toString()).args("serve").env(env).build();
    McpSyncClient client =
        McpClient.sync(new StdioClientTransport(params, McpJsonDefaults.getMapper()))
            .requestTimeout(Duration.ofSeconds(90))
            .build();
    client.initialize();
    return client;
  }

  /** A successful call's structured result. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> ok(McpSyncClient client, String tool, Map<String, Object> args) {
    McpSchema.CallToolResult result =
        client.callTool(McpSchema.CallToolRequest.builder(tool).arguments(args).build());
    assertFalse(Boolean.TRUE.equals(result.isError()), tool + " " + args + ": " + result.content());
    return (Map<String, Object>) result.structuredContent();
  }

  /** A failed call's code, from the JSON body of its text content. */
  static String failure(McpSyncClient client, String tool, Map<String, Object> args) {
    McpSchema.CallToolResult result =
        client.callTool(McpSchema.CallToolRequest.builder(tool).arguments(args).build());
    assertTrue(
        Boolean.TRUE.equals(result.isError()),
        tool + " " + args + " succeeded: " + result.structuredContent());
    String text = ((McpSchema.TextContent) result.content().get(0)).text();
    return JSON.readTree(text).path("code").asString();
  }

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> list(Map<String, Object> result, String key) {
    return (List<Map<String, Object>>) result.get(key);
  }

  static List<Object> field(List<Map<String, Object>> items, String key) {
    List<Object> out = new ArrayList<>();
    items.forEach(i -> out.add(i.get(key)));
    return out;
  }

  static String encoded(String title) {
    return URLEncoder.encode(title.replace(' ', '_'), StandardCharsets.UTF_8)
        .replace("%2F", "/")
        .replace("%3A", ":");
  }

  @Test
  void everyPageToolAnswersWithTheReplaysHashesAndTheLocalWikisRevisions() throws Exception {
    assertTrue(recorded.pages.size() >= 7, recorded.pages.keySet().toString());
    for (String title : recorded.pages.keySet()) {
      Map<String, Object> args = Map.of("title_or_url", title);
      long revid = wiki.revid(title);
      Map<String, Object> page = ok(live, "archwiki_page", args);
      Map<String, Object> replayed = ok(offline, "archwiki_page", args);
      assertEquals(replayed.get("wikitext_hash"), page.get("wikitext_hash"), title);
      assertEquals(revid, ((Number) page.get("revid")).longValue(), title);
      assertEquals(wiki.pageid(title), ((Number) page.get("pageid")).longValue(), title);
      assertEquals(wiki.server + "/index.php?oldid=" + revid, page.get("revision_url"));
      assertEquals(
          wiki.api + "?action=parse&oldid=" + revid + "&prop=wikitext&format=json",
          page.get("revision_wikitext_url"));
      assertTrue(
          String.valueOf(page.get("url")).startsWith(wiki.server + "/index.php/"),
          page.get("url").toString());

      List<Map<String, Object>> sections = list(ok(live, "archwiki_sections", args), "sections");
      List<Map<String, Object>> replayedSections =
          list(ok(offline, "archwiki_sections", args), "sections");
      assertEquals(field(replayedSections, "anchor"), field(sections, "anchor"), title);
      assertEquals(field(replayedSections, "byteoffset"), field(sections, "byteoffset"), title);
      for (Object anchor : field(sections, "anchor")) {
        Map<String, Object> sectionArgs = Map.of("title_or_url", title, "anchor", anchor);
        Map<String, Object> section = ok(live, "archwiki_section", sectionArgs);
        Map<String, Object> replayedSection = ok(offline, "archwiki_section", sectionArgs);
        // section_heading is the wiki's own rendering of the heading line, which differs between
        // MediaWiki versions (1.39 escapes '>' as &gt;, the Arch wiki's does not): not compared.
        for (String key :
            List.of("content_hash", "content_hash_cleaned", "content", "content_raw")) {
          assertEquals(
              replayedSection.get(key), section.get(key), title + "#" + anchor + " " + key);
        }
        assertEquals(revid, ((Number) section.get("revid")).longValue());
      }

      List<Map<String, Object>> commands = list(ok(live, "archwiki_commands", args), "commands");
      List<Map<String, Object>> replayedCommands =
          list(ok(offline, "archwiki_commands", args), "commands");
      assertEquals(field(replayedCommands, "content_hash"), field(commands, "content_hash"), title);
      assertEquals(
          field(replayedCommands, "content_hash_cleaned"),
          field(commands, "content_hash_cleaned"),
          title);

      List<Map<String, Object>> warnings = list(ok(live, "archwiki_warnings", args), "warnings");
      List<Map<String, Object>> replayedWarnings =
          list(ok(offline, "archwiki_warnings", args), "warnings");
      for (String key :
          List.of("type", "content_hash", "message_hash_cleaned", "alias", "alias_target")) {
        assertEquals(field(replayedWarnings, key), field(warnings, key), title + " " + key);
      }
      for (Map<String, Object> w : warnings) {
        assertEquals(revid, ((Number) w.get("revid")).longValue());
        if (w.get("alias") != null) {
          assertEquals(
              wiki.revid("Template:" + w.get("alias")),
              ((Number) w.get("alias_revid")).longValue());
        }
      }

      List<Map<String, Object>> links = list(ok(live, "archwiki_links", args), "links");
      List<Map<String, Object>> replayedLinks = list(ok(offline, "archwiki_links", args), "links");
      assertEquals(field(replayedLinks, "target_page"), field(links, "target_page"), title);
      assertEquals(field(replayedLinks, "anchor"), field(links, "anchor"), title);
      for (Map<String, Object> block : commands) {
        assertTrue(
            String.valueOf(block.get("source_url")).startsWith(wiki.server + "/"),
            block.toString());
      }
    }
  }

  @Test
  void searchGoesThroughTheLocalWikisSearch() throws Exception {
    Map<String, Object> found = ok(live, "archwiki_search", Map.of("query", "iwd", "limit", 5));
    List<Map<String, Object>> results = list(found, "results");
    assertEquals("Iwd", results.get(0).get("title"));
    assertEquals("title", results.get(0).get("match"));
    assertEquals(wiki.pageid("Iwd"), ((Number) results.get(0).get("pageid")).longValue());
    assertEquals(wiki.server + "/index.php/Iwd", results.get(0).get("url"));

    JsonNode own =
        wiki.query("action=query&list=search&srwhat=text&srlimit=5&format=json&srsearch=pacstrap");
    List<Object> expected = new ArrayList<>();
    own.path("query").path("search").forEach(hit -> expected.add(hit.path("title").asString()));
    assertFalse(expected.isEmpty(), own.toString());
    List<Map<String, Object>> text =
        list(ok(live, "archwiki_search", Map.of("query", "pacstrap", "limit", 5)), "results");
    assertEquals(expected, field(text, "title"));
  }

  @Test
  void theAliasRevidIsTheRedirectPagesOwnAndOnlyItMovesWhenTheRedirectIsEdited() throws Exception {
    String title = "Installation guide (Français)";
    Map<String, String> env = liveEnv(wiki.api);
    Map<String, Object> before = cliJson(env, "archwiki", "warnings", title);
    Map<String, Object> attention = firstWithAlias(before, "Attention");
    long redirectRevid = wiki.revid("Template:Attention");
    assertEquals(redirectRevid, ((Number) attention.get("alias_revid")).longValue());
    assertNotEquals(wiki.revid("Template:Warning (Français)"), redirectRevid);
    long astuceBefore = ((Number) firstWithAlias(before, "Astuce").get("alias_revid")).longValue();

    wiki.edit(
        "Template:Attention",
        "#REDIRECT [[Template:Warning (Français)]]\n\n" + "[[Category:Template redirects]]");
    Map<String, Object> after = cliJson(env, "archwiki", "warnings", title);
    long moved = ((Number) firstWithAlias(after, "Attention").get("alias_revid")).longValue();
    assertEquals(wiki.revid("Template:Attention"), moved);
    assertNotEquals(redirectRevid, moved);
    assertEquals(
        astuceBefore, ((Number) firstWithAlias(after, "Astuce").get("alias_revid")).longValue());
    assertEquals(field(list(before, "warnings"), "revid"), field(list(after, "warnings"), "revid"));
    assertEquals(
        field(list(before, "warnings"), "content_hash"),
        field(list(after, "warnings"), "content_hash"));
    Dist.Result verified =
        Dist.corpusMcp(Path.of("."), env, "archwiki", "verify", JSON.writeValueAsString(after));
    assertEquals(0, verified.status(), verified.out() + verified.err());
  }

  private static Map<String, Object> firstWithAlias(Map<String, Object> result, String alias) {
    return list(result, "warnings").stream()
        .filter(w -> alias.equals(w.get("alias")))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no warning by alias " + alias + ": " + result));
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> cliJson(Map<String, String> env, String... args) throws Exception {
    Dist.Result r = Dist.corpusMcp(Path.of("."), env, args);
    assertEquals(0, r.status(), List.of(args) + ": " + r.out() + r.err());
    return JSON.readValue(r.out(), Map.class);
  }

  @Test
  void verifyConfirmsALiveCitationAndRefusesItOnceThePageNoLongerSaysSo() throws Exception {
    String title = "Live verify page";
    wiki.edit(
        title, "Intro.\n\n== Setup ==\nRun this:\n{{bc|# pacman -S iwd}}\n\n== Other ==\nText.\n");
    Map<String, Object> section =
        ok(live, "archwiki_section", Map.of("title_or_url", title, "anchor", "Setup"));
    long cited = ((Number) section.get("revid")).longValue();
    assertEquals(wiki.revid(title), cited);
    String citation = JSON.writeValueAsString(section);
    assertEquals(
        "verified", ok(live, "archwiki_verify", Map.of("result", citation)).get("verdict"));

    wiki.edit(
        title,
        "Intro.\n\n== Setup ==\nRun this instead:\n{{bc|# pacman -S networkmanager}}\n\n== Other ==\nText.\n");
    long current = wiki.revid(title);
    assertNotEquals(cited, current);
    // The cited revision is immutable: the citation still holds for it.
    assertEquals(
        "verified", ok(live, "archwiki_verify", Map.of("result", citation)).get("verdict"));
    // Claiming the live page still says it is refused.
    Map<String, Object> repinned = new HashMap<>(section);
    repinned.put("revid", current);
    repinned.put("revision_url", wiki.server + "/index.php?oldid=" + current + "#Setup");
    repinned.put(
        "revision_wikitext_url",
        wiki.api + "?action=parse&oldid=" + current + "&prop=wikitext&format=json");
    assertEquals(
        "evidence_mismatch",
        failure(live, "archwiki_verify", Map.of("result", JSON.writeValueAsString(repinned))));
  }

  @Test
  void aMissingOrDeletedPageIsPageNotFoundAndNothingOfItIsRemembered() throws Exception {
    assertEquals(
        "page_not_found",
        failure(live, "archwiki_commands", Map.of("title_or_url", "No such page here")));
    String title = "Doomed page";
    wiki.edit(title, "== Steps ==\n{{bc|$ echo doomed}}\n");
    Map<String, Object> cited = ok(live, "archwiki_commands", Map.of("title_or_url", title));
    wiki.delete(title);
    assertEquals(-1, wiki.revid(title));
    assertEquals(
        "page_not_found", failure(live, "archwiki_commands", Map.of("title_or_url", title)));
    assertEquals("page_not_found", failure(live, "archwiki_page", Map.of("title_or_url", title)));
    // Its revision is gone from public view: the citation cannot be confirmed, and says so.
    assertEquals(
        "evidence_mismatch",
        failure(live, "archwiki_verify", Map.of("result", JSON.writeValueAsString(cited))));

    wiki.edit(title, "== Steps ==\n{{bc|$ echo back}}\n");
    List<Map<String, Object>> back =
        list(ok(live, "archwiki_commands", Map.of("title_or_url", title)), "commands");
    assertEquals("$ echo back", back.get(0).get("content"));
    assertEquals(wiki.revid(title), ((Number) back.get(0).get("revid")).longValue());
  }

  @Test
  void aMovedPageIsFollowedToItsNewTitleAndSaysFromWhere() throws Exception {
    String before = "Movable page";
    String after = "Moved page";
    wiki.edit(before, "== Steps ==\n{{bc|$ echo moved}}\n");
    wiki.move(before, after);
    Map<String, Object> result = ok(live, "archwiki_commands", Map.of("title_or_url", before));
    assertEquals(before, result.get("redirected_from"));
    Map<String, Object> block = list(result, "commands").get(0);
    assertEquals(wiki.revid(after), ((Number) block.get("revid")).longValue());
    assertEquals(wiki.server + "/index.php/" + encoded(after), block.get("source_url"));
    assertEquals(
        "verified",
        ok(live, "archwiki_verify", Map.of("result", JSON.writeValueAsString(result)))
            .get("verdict"));
  }

  @Test
  void theRecorderWritesFixturesThatReplayTheSameAnswersAndRefusesToOverwrite() throws Exception {
    Path dir = Path.of("target/recorded-fixtures").toAbsolutePath();
    LocalMediaWiki.deleteTree(dir);
    Map<String, String> env = liveEnv(wiki.api);
    env.put("ARCHWIKI_FIXTURES", dir.toString());
    List<String> titles = List.of("Iwd", "Installation guide (Français)");
    List<String> record = new ArrayList<>(List.of("archwiki", "record"));
    record.addAll(titles);
    Dist.Result first = Dist.corpusMcp(Path.of("."), env, record.toArray(String[]::new));
    assertEquals(0, first.status(), first.out() + first.err());
    for (String name :
        List.of(
            "parse_Iwd.json",
            "query_siteinfo.json",
            "query_nearmatch_Iwd.json",
            "query_Iwd.json",
            "query_aliases_Installation_guide__Français_.json",
            "query_aliasrevs_Installation_guide__Français_.json",
            "parse_oldid_" + wiki.revid("Template:Attention") + ".json")) {
      assertTrue(java.nio.file.Files.isRegularFile(dir.resolve(name)), name + " in " + first.out());
    }
    String before = java.nio.file.Files.readString(dir.resolve("parse_Iwd.json"));
    java.nio.file.Files.writeString(dir.resolve("parse_Iwd.json"), "{\"kept\":true}");
    Dist.Result refused = Dist.corpusMcp(Path.of("."), env, record.toArray(String[]::new));
    assertEquals(1, refused.status(), refused.out() + refused.err());
    assertTrue(refused.err().contains("without --force"), refused.err());
    assertEquals("{\"kept\":true}", java.nio.file.Files.readString(dir.resolve("parse_Iwd.json")));
    record.add("--force");
    Dist.Result forced = Dist.corpusMcp(Path.of("."), env, record.toArray(String[]::new));
    assertEquals(0, forced.status(), forced.out() + forced.err());
    assertEquals(before, java.nio.file.Files.readString(dir.resolve("parse_Iwd.json")));

    Map<String, String> replay = new HashMap<>(env);
    replay.put("ARCHWIKI_OFFLINE", "1");
    // Nothing listens there: replay must not touch the network; the URLs come from the recording.
    replay.put("ARCHWIKI_API_URL", "http://127.0.0.1:9/api.php");
    McpSyncClient replayed = client(replay);
    // A new live process too: a warm one may hold alias resolutions from before another test
    // edited a template redirect, and the recording was made after.
    McpSyncClient fresh = client(env);
    try {
      for (String title : titles) {
        for (String tool : List.of("page", "sections", "commands", "warnings", "links", "search")) {
          Map<String, Object> args =
              tool.equals("search") ? Map.of("query", title) : Map.of("title_or_url", title);
          assertEquals(
              ok(fresh, "archwiki_" + tool, args),
              ok(replayed, "archwiki_" + tool, args),
              tool + " " + title);
        }
      }
    } finally {
      replayed.closeGracefully();
      fresh.closeGracefully();
    }
    Map<String, Object> report =
        cliJson(
            replay,
            "archwiki",
            "verify",
            JSON.writeValueAsString(
                cliJson(replay, "archwiki", "warnings", "Installation guide (Français)")));
    assertEquals("verified", report.get("verdict"));
    assertFalse(
        JSON.writeValueAsString(report).contains("unchecked"), "alias revisions were recorded");
  }
}
