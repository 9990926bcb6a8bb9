package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.corpusmcp.api.corpus.Document;
import org.corpusmcp.api.corpus.Section;
import org.corpusmcp.markdown.CleaningPolicy;
import org.corpusmcp.markdown.HtmlSectionizer;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Entry;
import org.corpusmcp.zim.Zim;
import org.junit.jupiter.api.Test;

/**
 * A section's body words are, by definition, the distinct normalized words of its whole plain text
 * ({@code Lexical.words(section.text())}); the view gathers them paragraph by paragraph and
 * sentence by sentence instead, so no text is normalised twice. Checked against the definition on
 * every article of the Wikipedia 100 mini (leads only) and Ray Charles maxi (whole articles)
 * samples.
 */
class DocumentWordsTest {

  private static final HtmlSectionizer ENGINE =
      new HtmlSectionizer(CleaningPolicy.builder().headings("h2, h3, h4, h5, h6").build());

  @Test
  void bodyWordsAreTheWordsOfTheWholeSectionText() {
    int sections = 0;
    for (String sample : List.of(TestCorpus.HUNDRED, TestCorpus.RAY_MAXI)) {
      sections += compareSections(sample);
    }
    assertTrue(sections > 500, "sections compared: " + sections);
  }

  private static int compareSections(String sample) {
    int sections = 0;
    try (Archive a = Zim.open(TestCorpus.SAMPLES.resolve(sample))) {
      for (Entry e : a.entriesByPath()) {
        if (!e.isItem()
            || (e.namespace() != 'A' && e.namespace() != 'C')
            || !e.mimeType().startsWith("text/html")) {
          continue;
        }
        Document doc = ENGINE.toDocument(e.title(), e.content().text(), href -> null);
        DocumentWords words = DocumentWords.of(doc);
        List<Section> all = doc.allSections();
        assertEquals(all.size(), words.sections().size(), e.path());
        for (int i = 0; i < all.size(); i++) {
          Set<String> expected = new TreeSet<>(Lexical.words(all.get(i).text()));
          Set<String> actual = new TreeSet<>(List.of(words.sections().get(i).body()));
          assertEquals(expected, actual, e.path() + " section " + all.get(i).id().value());
          sections++;
        }
      }
    }
    return sections;
  }

  @Test
  void aWordMatchesLooselyAcrossAnEndingButNotIntoAnotherWord() {
    String[] words = {"birth", "charleston", "recorded", "songbook", "songs"};
    assertTrue(DocumentWords.containsLoosely(words, "song")); // past "songbook" to "songs"
    assertTrue(DocumentWords.containsLoosely(words, "record"));
    assertTrue(DocumentWords.containsLoosely(words, "births"));
    // "Ray Charles birthplace" once took "gave birth to Ray's son" as its passage
    org.junit.jupiter.api.Assertions.assertFalse(
        DocumentWords.containsLoosely(words, "birthplace"));
    org.junit.jupiter.api.Assertions.assertFalse(
        DocumentWords.containsLoosely(new String[] {"songbook"}, "song"));
  }
}
