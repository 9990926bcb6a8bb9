package org.corpusmcp.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One corpus of three families, served by the assembled distribution through MCP (the official
 * TypeScript SDK client over stdio, clients/ts-call.mjs): a real MediaWiki sample (Wikipedia 100
 * mini, 2022) and the DevDocs and Stack Exchange fixture archives that
 * scripts/build_family_fixtures.py wrote with the real libzim writer. The two fixtures use {@code
 * adapter = "auto"}, so detection from M/Scraper picks their adapters. Library paths must stay
 * inside CORPUS_ROOT once symlinks are resolved, so the archives are copied into a temporary corpus
 * root.
 */
class CrossFamilyIT {

  /** The default SEARCH_MAX_CONSECUTIVE (CorpusSettings). */
  private static final int MAX_CONSECUTIVE = 2;

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Path PROJECT = Dist.HOME.resolve("../../..").normalize();

  @TempDir static Path corpus;
  @TempDir static Path elsewhere;
  private static Map<String, String> env;

  @BeforeAll
  static void writeCorpus() throws Exception {
    Files.copy(
        Dist.SHARED.resolve("corpus-samples/mediawiki/wikipedia_en_100_mini_2022-10.zim"),
        corpus.resolve("wikipedia_en_100_mini_2022-10.zim"));
    Files.copy(
        PROJECT.resolve(
            "plugins/zim-devdocs/src/test/resources/fixtures/devdocs_en_python_fixture.zim"),
        corpus.resolve("devdocs_en_python_fixture.zim"));
    Files.copy(
        PROJECT.resolve(
            "plugins/zim-stackexchange/src/test/resources/fixtures/"
                + "security.stackexchange.com_en_all_fixture.zim"),
        corpus.resolve("security.stackexchange.com_en_all_fixture.zim"));
    Files.writeString(
        corpus.resolve("corpus.toml"),
        """
        version = 1

        [[library]]
        name = "Wikipedia"
        path = "wikipedia_en_100_mini_2022-10.zim"
        adapter = "mediawiki"

        [[library]]
        name = "Python-Docs"
        path = "devdocs_en_python_fixture.zim"
        adapter = "auto"

        [[library]]
        name = "Security-SE"
        path = "security.stackexchange.com_en_all_fixture.zim"
        adapter = "auto"
        """);
    env = new HashMap<>(Dist.env());
    env.put("CORPUS_CONFIG", corpus.resolve("corpus.toml").toString());
    env.put("CORPUS_ROOT", corpus.toString());
  }

  /** One tool call through the official TypeScript MCP client, the server spawned over stdio. */
  private static JsonNode call(String tool, String arguments) throws Exception {
    Dist.Result r =
        Dist.node(env, "ts-call.mjs", tool, arguments, Dist.LAUNCHER.toString(), "serve");
    assertEquals(0, r.status(), r.err() + r.out());
    return JSON.readTree(r.out());
  }

  /** "value" occurs in all three archives (checked with libzim's own searcher). */
  @Test
  void oneSearchFusesResultsFromEveryFamilyWithDiversity() throws Exception {
    JsonNode results = call("search", "{\"query\":\"value\",\"limit\":10}").path("results");
    assertEquals(10, results.size(), results.toString());
    List<String> libraries = new ArrayList<>();
    Map<String, String> kinds = new HashMap<>();
    for (JsonNode r : results) {
      libraries.add(r.path("library").asString());
      kinds.put(r.path("library").asString(), r.path("kind").asString());
      assertTrue(
          r.path("ref").asString().startsWith("corpus://" + r.path("library").asString() + "/"),
          r.toString());
      assertFalse(r.path("snippet").asString().isBlank(), r.toString());
    }
    assertEquals(
        Set.of("Wikipedia", "Python-Docs", "Security-SE"),
        new LinkedHashSet<>(libraries),
        libraries.toString());
    assertEquals(
        Map.of("Wikipedia", "article", "Python-Docs", "documentation", "Security-SE", "thread"),
        kinds);
    // Diversity applies among comparably relevant results: the first five, what an agent reads
    // first, mix the libraries; further down one library may fill the list once the others have
    // nothing as strong left, rather than their weak matches being pulled up to interleave.
    int run = 1;
    for (int i = 1; i < 5; i++) {
      run = libraries.get(i).equals(libraries.get(i - 1)) ? run + 1 : 1;
      assertTrue(
          run <= MAX_CONSECUTIVE,
          "more than " + MAX_CONSECUTIVE + " in a row among the first five: " + libraries);
    }
    // the thread result is the question page, never a list, tag or user page
    for (JsonNode r : results) {
      if (r.path("library").asString().equals("Security-SE")) {
        assertTrue(
            r.path("ref").asString().matches("corpus://Security-SE/questions/\\d+/[^/]+"),
            r.toString());
      }
    }
  }

  @Test
  void fetchOfAThreadReturnsQuestionAndAnswersWithMetadata() throws Exception {
    JsonNode doc =
        call(
            "fetch",
            "{\"ref\":\"corpus://Security-SE/questions/1001/what-is-a-salt-in-password-hashing\"}");
    assertEquals("thread", doc.path("kind").asString());
    assertEquals("What is a salt in password hashing?", doc.path("title").asString());
    List<String> ids = new ArrayList<>();
    for (JsonNode s : doc.path("available_sections")) {
      ids.add(s.path("id").asString());
    }
    assertEquals(List.of("question", "accepted-answer", "answer-1010", "answer-1020"), ids);
    Map<String, JsonNode> sections = new HashMap<>();
    for (JsonNode s : doc.path("sections")) {
      sections.put(s.path("id").asString(), s);
    }
    JsonNode question = sections.get("question").path("metadata");
    assertEquals(42, question.path("score").asInt());
    assertEquals("password-hashing", question.path("tags").get(0).asString());
    assertEquals("Jane Doe", question.path("author").asString());
    JsonNode accepted = sections.get("accepted-answer").path("metadata");
    assertEquals("1005", accepted.path("post_id").asString());
    assertTrue(accepted.path("accepted").asBoolean());
    assertEquals(30, accepted.path("score").asInt());
    assertEquals("Bob Stone", accepted.path("author").asString());
    assertTrue(
        sections
            .get("accepted-answer")
            .path("content")
            .asString()
            .contains("```python\nimport bcrypt"));
    JsonNode top = sections.get("answer-1010").path("metadata");
    assertEquals(57, top.path("score").asInt());
    assertFalse(top.path("accepted").asBoolean());
  }

  /** a/<answer id> and questions/<id> are ZIM redirects: they fetch the whole thread. */
  @Test
  void answerAndQuestionRedirectsResolveToTheThread() throws Exception {
    for (String ref :
        List.of("corpus://Security-SE/a/1005", "corpus://Security-SE/questions/1001")) {
      JsonNode doc = call("fetch", "{\"ref\":\"" + ref + "\",\"sections\":[\"accepted-answer\"]}");
      assertEquals(
          "corpus://Security-SE/questions/1001/what-is-a-salt-in-password-hashing",
          doc.path("ref").asString(),
          ref);
      assertEquals(ref, doc.path("requested_ref").asString());
      assertEquals("1005", doc.path("sections").get(0).path("metadata").path("post_id").asString());
    }
  }

  @Test
  void fetchOfDocumentationReturnsItsHeadingTree() throws Exception {
    JsonNode doc =
        call(
            "fetch",
            "{\"ref\":\"corpus://Python-Docs/library/functions\",\"sections\":[\"func-range\"]}");
    assertEquals("documentation", doc.path("kind").asString());
    assertEquals("Built-in Functions", doc.path("title").asString());
    List<String> ids = new ArrayList<>();
    for (JsonNode s : doc.path("available_sections")) {
      ids.add(s.path("id").asString() + "@" + s.path("level").asInt());
    }
    assertEquals(
        List.of(
            "@1", "func-range@2", "printing-values@2", "print-keyword-arguments@3", "Footnotes@4"),
        ids);
    String content = doc.path("sections").get(0).path("content").asString();
    assertTrue(content.startsWith("## Ranges\n\n"), content);
    assertTrue(content.contains("```python\n>>> list(range(10))"), content);
    assertFalse(content.contains("_attribution"), content);
  }

  @Test
  void fetchOfAnArticleStillWorksBesideTheOtherFamilies() throws Exception {
    JsonNode doc = call("fetch", "{\"ref\":\"corpus://Wikipedia/Ant\"}");
    assertEquals("article", doc.path("kind").asString());
    assertEquals("Ant", doc.path("title").asString());
    // the "mini" flavour keeps only the lead: "Ants are eusocial insects of the family Formicidae"
    assertEquals(1, doc.path("available_sections").size(), doc.toString());
    assertTrue(
        doc.path("sections")
            .get(0)
            .path("content")
            .asString()
            .startsWith("**Ants** are eusocial insects of the family **Formicidae**"),
        doc.toString());
  }

  /** adapter = "auto" on an archive no adapter recognises: refused, naming the library. */
  @Test
  void autoDetectionRefusesAnArchiveNoAdapterRecognises(@TempDir Path other) throws Exception {
    Files.copy(
        Dist.HOME.resolve("corpus/handbook/corpus-mcp_en_handbook.zim"),
        other.resolve("handbook.zim"));
    Files.writeString(
        other.resolve("corpus.toml"),
        """
        version = 1

        [[library]]
        name = "Mystery-Archive"
        path = "handbook.zim"
        adapter = "auto"
        """);
    Map<String, String> otherEnv = new HashMap<>(Dist.env());
    otherEnv.put("CORPUS_CONFIG", other.resolve("corpus.toml").toString());
    otherEnv.put("CORPUS_ROOT", other.toString());
    Dist.Result r = Dist.corpusMcp(elsewhere, otherEnv, "corpus", "validate");
    assertNotEquals(0, r.status(), r.out());
    assertTrue(r.err().contains("Mystery-Archive"), r.err());
    assertTrue(r.err().contains("auto"), r.err());
  }
}
