package org.corpusmcp.stackexchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.corpusmcp.api.corpus.ArchiveMetadata;
import org.corpusmcp.api.corpus.Document;
import org.corpusmcp.api.corpus.EntryFacts;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Entry;
import org.corpusmcp.zim.Zim;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The fixture archive written by scripts/build_family_fixtures.py with the real libzim writer, read
 * with our own zim module the way the host reads it: redirects resolved first, then isDocument,
 * then parse. Expected values are facts of the hand-written pages and the script.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StackExchangeFixtureArchiveTest {

  static final String FIXTURE = "/fixtures/security.stackexchange.com_en_all_fixture.zim";

  private final StackExchangeAdapter adapter = new StackExchangeAdapter();
  private Archive archive;
  private final Map<String, Document> threads = new TreeMap<>();
  private final Map<String, EntryFacts> items = new TreeMap<>();

  @BeforeAll
  void open() throws Exception {
    URL url = getClass().getResource(FIXTURE);
    assertNotNull(url, "missing " + FIXTURE + ": run scripts/build_family_fixtures.py");
    archive = Zim.open(Path.of(url.toURI()));
    for (Entry e : archive.entriesByPath()) {
      if (e.namespace() != 'C' || e.isRedirect() || !e.isItem()) {
        continue;
      }
      EntryFacts f = new EntryFacts(e.rawPath(), e.title(), e.mimeType(), true);
      items.put(e.rawPath(), f);
      if (adapter.isDocument(f)) {
        threads.put(
            e.rawPath(),
            assertInstanceOf(
                Document.class, adapter.parse(f, e.content().text(), Pages.REFS), e.rawPath()));
      }
    }
  }

  @AfterAll
  void close() throws Exception {
    archive.close();
  }

  @Test
  void metadataIsWhatSotokiWritesAndDetectionIsCertain() {
    assertEquals("sotoki v3.0.2", archive.metadata("Scraper"));
    assertEquals("security.stackexchange.com_en_all", archive.metadata("Name"));
    assertNull(archive.metadata("Flavour"));
    assertEquals("CC-BY-SA", archive.metadata("License"));
    Map<String, String> values = new LinkedHashMap<>();
    for (String key : archive.metadataKeys()) {
      String v = archive.metadata(key);
      if (v != null && !key.startsWith("Illustration")) {
        values.put(key, v);
      }
    }
    assertEquals(1.0, adapter.detect(ArchiveMetadata.of(values)));
  }

  @Test
  void onlyTheThreeQuestionPagesAreDocuments() {
    assertEquals(List.of(Pages.SALT, Pages.DOCKER, Pages.MD5), List.copyOf(threads.keySet()));
    for (String page :
        List.of(
            "questions",
            "questions/tagged/password-hashing",
            "tags",
            "users",
            "users/501/jane-doe",
            "about",
            "static/css/sotoki.css",
            "images/3f2a9c0d1e",
            "api/tags.json")) {
      assertNotNull(items.get(page), page);
      assertFalse(adapter.isDocument(items.get(page)), page);
    }
    Entry main = archive.mainEntry();
    assertNotNull(main);
    assertEquals("questions", main.resolve().rawPath());
  }

  /** questions/<id> and a/<answer id> are ZIM redirects to the thread; the host follows them. */
  @Test
  void questionAndAnswerRedirectsResolveToTheThread() {
    Map<String, String> expected = new LinkedHashMap<>();
    expected.put("questions/1001", Pages.SALT);
    expected.put("a/1005", Pages.SALT);
    expected.put("a/1010", Pages.SALT);
    expected.put("a/1020", Pages.SALT);
    expected.put("questions/1002", Pages.DOCKER);
    expected.put("a/2002", Pages.DOCKER);
    expected.put("questions/1003", Pages.MD5);
    expected.put("a/3002", Pages.MD5);
    for (Map.Entry<String, String> e : expected.entrySet()) {
      Entry redirect = archive.findByPath(e.getKey());
      assertNotNull(redirect, e.getKey());
      assertTrue(redirect.isRedirect(), e.getKey());
      Entry end = redirect.resolve();
      assertEquals(e.getValue(), end.rawPath(), e.getKey());
      assertTrue(
          adapter.isDocument(new EntryFacts(end.rawPath(), end.title(), end.mimeType(), true)));
    }
  }

  @Test
  void threadModelsFromTheArchive() {
    Document salt = threads.get(Pages.SALT);
    assertEquals("What is a salt in password hashing?", salt.title());
    assertEquals(
        List.of("question", "accepted-answer", "answer-1010", "answer-1020"),
        salt.allSections().stream().map(s -> s.id().value()).toList());
    assertEquals("1005", salt.section(ThreadSections.ACCEPTED_ANSWER).metadata().get("post_id"));
    assertEquals(
        List.of("password-hashing", "cryptography"),
        salt.section(ThreadSections.QUESTION).metadata().get("tags"));

    Document docker = threads.get(Pages.DOCKER);
    assertNull(docker.section(ThreadSections.ACCEPTED_ANSWER));
    assertEquals(12, docker.section(ThreadSections.answer("2001")).metadata().get("score"));

    Document md5 = threads.get(Pages.MD5);
    assertEquals("Grace Key", md5.section(ThreadSections.ACCEPTED_ANSWER).metadata().get("author"));
    assertEquals("Frank Sig", md5.section(ThreadSections.answer("3001")).metadata().get("author"));
  }
}
