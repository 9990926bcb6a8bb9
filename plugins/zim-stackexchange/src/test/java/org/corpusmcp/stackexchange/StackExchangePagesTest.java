package org.corpusmcp.stackexchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.corpusmcp.api.corpus.ArchiveMetadata;
import org.corpusmcp.api.corpus.Document;
import org.corpusmcp.api.corpus.DocumentKind;
import org.corpusmcp.api.corpus.EntryFacts;
import org.corpusmcp.api.corpus.NotADocument;
import org.corpusmcp.api.corpus.Section;
import org.corpusmcp.api.corpus.SectionId;
import org.junit.jupiter.api.Test;

/**
 * The thread model on the hand-written question pages. Every expected value was read off the page's
 * HTML by hand (data-score, itemprop, the user cards, the comment spans), not copied from the
 * adapter's output.
 */
class StackExchangePagesTest {

  private final StackExchangeAdapter adapter = new StackExchangeAdapter();

  private Document parse(String path, String id) {
    return assertInstanceOf(
        Document.class, adapter.parse(EntryFacts.html(path, ""), Pages.html(id), Pages.REFS), path);
  }

  private static List<String> ids(Document doc) {
    return doc.allSections().stream().map(s -> s.id().value()).toList();
  }

  private static Section section(Document doc, String id) {
    Section s = doc.section(SectionId.of(id));
    if (s == null) {
      throw new AssertionError("no section " + id + " in " + ids(doc));
    }
    return s;
  }

  @Test
  void nameAndKind() {
    assertEquals("stackexchange", adapter.name());
    assertEquals(DocumentKind.THREAD, adapter.kind());
  }

  /**
   * 1001 (sotoki 3): answers in page order are 1010 (score 57), 1005 (score 30, class
   * accepted-answer, itemprop acceptedAnswer), 1020 (score -1, deleted user). The accepted one is
   * found by its markup although it is second.
   */
  @Test
  void theAcceptedAnswerIsFoundByMarkupNotPosition() {
    Document doc = parse(Pages.SALT, "1001");
    assertEquals("What is a salt in password hashing?", doc.title());
    assertEquals(List.of("question", "accepted-answer", "answer-1010", "answer-1020"), ids(doc));
    Section accepted = section(doc, "accepted-answer");
    assertEquals(
        Map.of(
            "post_id",
            "1005",
            "score",
            30,
            "accepted",
            true,
            "author",
            "Bob Stone",
            "date",
            "2019-01-03T09:30",
            "comments",
            1),
        accepted.metadata());
    assertTrue(
        accepted
            .markdown()
            .startsWith(
                "Generate a fresh random salt per password and use a slow KDF such as bcrypt:"));
    Section top = section(doc, "answer-1010");
    assertEquals(57, top.metadata().get("score"));
    assertEquals(false, top.metadata().get("accepted"));
    assertEquals("Tom Hash", top.metadata().get("author"));
    assertEquals("2019-01-02T15:20", top.metadata().get("date"));
  }

  /** The question: data-score 42, two tags, owner card "Jane Doe" (not the editor Carol Editor). */
  @Test
  void questionMetadataTagsAuthorAndIsoDate() {
    Document doc = parse(Pages.SALT, "1001");
    Section q = section(doc, "question");
    assertEquals("Question", q.title());
    assertEquals("1001", q.metadata().get("post_id"));
    assertEquals(42, q.metadata().get("score"));
    assertEquals(List.of("password-hashing", "cryptography"), q.metadata().get("tags"));
    assertEquals("Jane Doe", q.metadata().get("author"));
    assertEquals("2019-01-02T13:45:10", q.metadata().get("date")); // time[itemprop=dateCreated]
    assertEquals(
        3, q.metadata().get("answer_count")); // three .answer divs; data-answercount says 9
    assertEquals(2, q.metadata().get("comments"));
  }

  @Test
  void commentsStayWithTheirPost() {
    Document doc = parse(Pages.SALT, "1001");
    String q = section(doc, "question").markdown();
    assertTrue(
        q.endsWith(
            "**Comments**\n\n"
                + "- Which hash function are you using? Plain `sha256` is far too fast for passwords."
                + " — Carol Editor (2019-01-02T14:00:00)\n"
                + "- Just sha256, no iterations. — Jane Doe (2019-01-02T14:05:00)"),
        q);
    String accepted = section(doc, "accepted-answer").markdown();
    assertTrue(
        accepted.endsWith(
            "- Thanks, switching to [bcrypt](ref:https://pypi.org/project/bcrypt/) now."
                + " — Jane Doe (2019-01-03T10:00:00)"),
        accepted);
    assertFalse(section(doc, "answer-1010").markdown().contains("Comments"));
  }

  @Test
  void codeBlocksKeepTheirLanguageHint() {
    Document doc = parse(Pages.SALT, "1001");
    assertTrue(
        section(doc, "accepted-answer")
            .markdown()
            .contains(
                "```python\nimport bcrypt\nhashed = bcrypt.hashpw(password, bcrypt.gensalt(rounds=12))\n```"));
    Document md5 = parse(Pages.MD5, "1003"); // class="lang-sh s-code-block": hint first
    assertTrue(
        section(md5, "accepted-answer").markdown().contains("```sh\nsha256sum release.tar.gz"));
    Document docker = parse(Pages.DOCKER, "1002"); // pre.s-code-block without a hint
    assertTrue(
        section(docker, "answer-2001")
            .markdown()
            .contains("```\nRUN --mount=type=secret,id=api_key cat /run/secrets/api_key\n```"));
  }

  /** answer-1020: the card is s-user-card__deleted and shows only "1999". */
  @Test
  void deletedAndAnonymousUsers() {
    Document doc = parse(Pages.SALT, "1001");
    Section deleted = section(doc, "answer-1020");
    assertEquals(-1, deleted.metadata().get("score"));
    assertEquals("1999", deleted.metadata().get("author"));
    assertEquals(true, deleted.metadata().get("author_deleted"));
    assertEquals("Answer", deleted.title());
    Document docker = parse(Pages.DOCKER, "1002"); // answer 2002: empty user card
    Section anonymous = section(docker, "answer-2002");
    assertNull(anonymous.metadata().get("author"));
    assertEquals("2020-06-01T17:40", anonymous.metadata().get("date"));
  }

  /** 1002: no answer is accepted; links to other threads go to the resolver as written. */
  @Test
  void threadsWithoutAcceptedAnswerAndQuestionLinks() {
    Document doc = parse(Pages.DOCKER, "1002");
    assertEquals(List.of("question", "answer-2001", "answer-2002"), ids(doc));
    String q = section(doc, "question").markdown();
    assertTrue(
        q.contains(
            "[What is a salt in password hashing?](ref:../../questions/1001/"
                + "what-is-a-salt-in-password-hashing)"),
        q);
    assertTrue(q.contains("[the bcrypt answer](ref:../../a/1005#1005)"), q);
    assertFalse(q.contains("images/3f2a9c0d1e"), q);
  }

  /**
   * 1003 uses the sotoki 2.1.x markup: vote buttons, bookmark count, grid classes, Related module.
   */
  @Test
  void theOlderSotokiMarkupGivesTheSameModel() {
    Document doc = parse(Pages.MD5, "1003");
    assertEquals(List.of("question", "accepted-answer", "answer-3001"), ids(doc));
    Section q = section(doc, "question");
    assertEquals(7, q.metadata().get("score"));
    assertEquals(List.of("hash", "md5", "integrity"), q.metadata().get("tags"));
    assertEquals("Dave Sum", q.metadata().get("author"));
    Section accepted = section(doc, "accepted-answer");
    assertEquals("3002", accepted.metadata().get("post_id"));
    assertEquals(20, accepted.metadata().get("score"));
    assertEquals("Grace Key", accepted.metadata().get("author"));
    assertEquals(25, section(doc, "answer-3001").metadata().get("score"));
  }

  @Test
  void chromeIsStripped() {
    for (String[] page :
        new String[][] {{Pages.SALT, "1001"}, {Pages.DOCKER, "1002"}, {Pages.MD5, "1003"}}) {
      String all = parse(page[0], page[1]).toMarkdown();
      // 1001 links 1002 in its Linked module, 1003 in its Related module: no body mentions it
      for (String chrome :
          List.of(
              "Viewed",
              "Asked",
              "reputation",
              "12,345",
              "Linked",
              "Highest Voted",
              "Home",
              "Users",
              "Up vote",
              "Bookmark",
              "answered Jan",
              "asked Jun",
              "3 Answers",
              "Information Security Stack Exchange",
              "keep API keys out of a Docker image?](")) {
        assertFalse(all.contains(chrome), page[0] + ": " + chrome + " in\n" + all);
      }
    }
  }

  @Test
  void onlyQuestionPagesAreDocuments() {
    assertTrue(adapter.isDocument(EntryFacts.html(Pages.SALT, "")));
    for (String path :
        List.of(
            "questions",
            "questions_page=2",
            "questions/tagged/docker",
            "questions/tagged/docker_page=2",
            "tags",
            "users",
            "users/501/jane-doe",
            "about",
            "questions/1001")) {
      assertFalse(adapter.isDocument(EntryFacts.html(path, "")), path);
    }
    assertFalse(adapter.isDocument(new EntryFacts(Pages.SALT, "", "image/webp", true)));
  }

  @Test
  void pagesWithoutAQuestionAreNotDocuments() {
    assertInstanceOf(
        NotADocument.class,
        adapter.parse(
            EntryFacts.html("questions/9/x", "x"),
            "<html><body><div class=\"question-summary\">list</div></body></html>",
            Pages.REFS));
  }

  @Test
  void titleFallsBackToTheQuestionHeading() {
    assertEquals("Is MD5 still fine for file checksums?", parse(Pages.MD5, "1003").title());
  }

  @Test
  void detectReadsScraperNameAndTags() {
    assertEquals(1.0, adapter.detect(ArchiveMetadata.of(Map.of("Scraper", "sotoki v3.0.2"))));
    assertEquals(
        1.0,
        adapter.detect(ArchiveMetadata.of(Map.of("Scraper", "sotoki 2.1.3", "Flavour", "all"))));
    assertEquals(0, adapter.detect(ArchiveMetadata.of(Map.of("Scraper", "devdocs2zim v0.2.1"))));
    assertEquals(
        0,
        adapter.detect(
            ArchiveMetadata.of(
                Map.of("Scraper", "mwoffliner 1.11.12", "Name", "stackoverflow.com_en_all"))));
    assertEquals(
        0.8, adapter.detect(ArchiveMetadata.of(Map.of("Name", "stackoverflow.com_en_all"))));
    assertEquals(
        0.8,
        adapter.detect(
            ArchiveMetadata.of(
                Map.of("Name", "security.stackexchange.com_en_all", "Flavour", "nopic"))));
    assertEquals(
        0.6,
        adapter.detect(
            ArchiveMetadata.of(
                Map.of("Tags", "_category:stack_exchange;stack_exchange;_videos:no"))));
    assertEquals(0, adapter.detect(ArchiveMetadata.of(Map.of("Name", "wikipedia_en_all"))));
    assertEquals(
        0.5,
        adapter.detect(
            ArchiveMetadata.of(Map.of("Name", "askfoo.example.org_en_all", "Flavour", "all"))));
    assertEquals(
        0.5, adapter.detect(ArchiveMetadata.of(Map.of("Name", "example.net_en_all_nopic"))));
    assertEquals(
        0,
        adapter.detect(
            ArchiveMetadata.of(Map.of("Name", "example.net_en_all", "Flavour", "maxi"))));
    assertEquals(0, adapter.detect(ArchiveMetadata.of(Map.of("Name", "tonedear.com_en"))));
  }

  @Test
  void cardDatesAndTimestamps() {
    assertEquals("2012-06-27T13:51", StackExchangeAdapter.cardDate("asked Jun 27 '12 at 13:51"));
    assertEquals("", StackExchangeAdapter.cardDate("asked yesterday"));
    assertEquals("", StackExchangeAdapter.cardDate("asked Feb 31 '12 at 13:51"));
    assertEquals(
        "2019-01-02T14:00:00",
        StackExchangeAdapter.isoFromTimestamp("2019-01-02T14:00:00.000 License: CC BY-SA 4.0"));
    assertEquals("", StackExchangeAdapter.isoFromTimestamp("2016-01-12 19:07:53Z"));
  }
}
