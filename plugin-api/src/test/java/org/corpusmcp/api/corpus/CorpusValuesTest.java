package org.corpusmcp.api.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CorpusValuesTest {

  @Test
  void sectionIdsCompareExactly() {
    assertFalse(SectionId.of("History").equals(SectionId.of("history")));
    assertEquals(
        SectionId.of("1952–1959:_Atlantic_Records"), SectionId.of("1952–1959:_Atlantic_Records"));
    assertSame(SectionId.LEAD, SectionId.of(""));
    assertTrue(SectionId.LEAD.isLead());
    assertEquals("answer-12399", SectionId.of("answer-12399").value());
  }

  @Test
  void sectionIdsHaveTwoParseEntryPoints() {
    assertThrows(IllegalArgumentException.class, () -> SectionId.of("a\u0000b"));
    assertThrows(IllegalArgumentException.class, () -> SectionId.of("x".repeat(513)));
    assertNull(SectionId.tryParse("a\nb"));
    assertNull(SectionId.tryParse(null));
    assertEquals(SectionId.of("Loopholes"), SectionId.tryParse("Loopholes"));
  }

  @Test
  void documentKindsAreValidated() {
    assertEquals("thread", DocumentKind.THREAD.value());
    assertThrows(IllegalArgumentException.class, () -> DocumentKind.of("Not Valid"));
  }

  @Test
  void entryFactsKnowHtml() {
    assertTrue(new EntryFacts("a", "A", "text/html; charset=utf-8", true).isHtml());
    assertFalse(new EntryFacts("a.css", "", "text/css", false).isHtml());
  }

  @Test
  void archiveMetadataSplitsTags() {
    ArchiveMetadata m = ArchiveMetadata.of(Map.of("Tags", "wikipedia;_category:wikipedia; ;nopic"));
    assertEquals(List.of("wikipedia", "_category:wikipedia", "nopic"), m.tags());
    assertEquals("", m.scraper());
    assertNull(m.get("Scraper"));
  }

  @Test
  void builderNestsByLevelAndKeepsIdsUnique() {
    Document d =
        Document.builder("Bell test")
            .lead("Intro.")
            .section(2, SectionId.of("Background"), "Background", "b")
            .section(3, SectionId.of("Detail"), "Detail", "d")
            .section(2, SectionId.of("Background"), "Background", "again")
            .section(7, SectionId.LEAD, "Too deep", "x")
            .build();
    List<String> ids = d.allSections().stream().map(s -> s.id().value()).toList();
    assertEquals(List.of("", "Background", "Detail", "Background_2", "section"), ids);
    assertEquals("Bell test", d.lead().title());
    assertEquals(6, d.section(SectionId.of("section")).level());
    assertEquals(
        "Intro.\n\n## Background\n\nb\n\n### Detail\n\nd\n\n## Background\n\nagain\n\n###### Too deep\n\nx",
        d.toMarkdown());
  }

  @Test
  void threadsCarryMetadata() {
    Document d =
        Document.builder("How do I X?")
            .section(
                2,
                SectionId.of("question"),
                "Question",
                "body",
                Map.of("score", 42, "tags", List.of("python", "io")))
            .section(
                2,
                SectionId.of("accepted-answer"),
                "Accepted answer",
                "yes",
                Map.of("accepted", true))
            .section(2, SectionId.of("answer-12399"), "Answer", "no", Map.of("score", -1))
            .build();
    assertEquals(42, d.section(SectionId.of("question")).metadata().get("score"));
    assertEquals("", d.lead().markdown());
    assertThrows(
        IllegalArgumentException.class,
        () ->
            Document.builder("t")
                .section(2, SectionId.of("question"), "Q", "b", Map.of("bad", new Object())));
  }

  /** A thread is its posts: no empty lead section ahead of the question. */
  @Test
  void aDocumentMayHaveNoLead() {
    Document d =
        Document.builder("How do I X?")
            .withoutLead()
            .section(2, SectionId.of("question"), "Question", "body")
            .section(2, SectionId.of("answer-12399"), "Answer", "no")
            .build();
    assertFalse(d.hasLead());
    assertEquals(
        List.of("question", "answer-12399"),
        d.allSections().stream().map(s -> s.id().value()).toList());
    assertThrows(IllegalStateException.class, d::lead);
    assertEquals("## Question\n\nbody\n\n## Answer\n\nno", d.toMarkdown());
    assertThrows(IllegalArgumentException.class, () -> Document.builder("t").withoutLead().build());
    assertThrows(
        IllegalStateException.class,
        () ->
            Document.builder("t")
                .withoutLead()
                .lead("text")
                .section(2, SectionId.of("question"), "Q", "b")
                .build());
    assertTrue(Document.builder("t").build().hasLead());
  }

  @Test
  void documentsRejectBrokenTrees() {
    Section lead = new Section(SectionId.LEAD, "T", 1, "", List.of(), Map.of());
    Section a = new Section(SectionId.of("a"), "A", 2, "", List.of(), Map.of());
    assertThrows(IllegalArgumentException.class, () -> new Document("T", List.of(), Map.of()));
    assertThrows(
        IllegalArgumentException.class, () -> new Document("T", List.of(a, lead), Map.of()));
    assertThrows(IllegalArgumentException.class, () -> new Document(" ", List.of(lead), Map.of()));
    assertThrows(
        IllegalArgumentException.class, () -> new Document("T", List.of(lead, a, a), Map.of()));
    assertThrows(
        IllegalArgumentException.class,
        () -> new Section(SectionId.of("p"), "P", 3, "", List.of(a), Map.of()));
  }
}
