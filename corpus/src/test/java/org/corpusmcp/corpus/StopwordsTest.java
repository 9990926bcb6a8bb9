package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each library's stopwords fit its language. The expected words were read by hand from Snowball's
 * lists as Lucene ships them (org/apache/lucene/analysis/snowball/french_stop.txt and
 * german_stop.txt in lucene-analysis-common 9.12.3): French lists "qui", "le", "la", "de", "les",
 * "ou" and "à" but neither "est" (left out there as a homonym of "east") nor "son"; German lists
 * "hat" and "die" but not "wer".
 */
class StopwordsTest {

  private static final Stopwords FRENCH = Stopwords.forLanguage("fra");
  private static final Stopwords GERMAN = Stopwords.forLanguage("deu");
  private static final Stopwords ENGLISH = Stopwords.forLanguage("eng");

  @Test
  void aFrenchQuestionKeepsOnlyItsMeaningfulWords() {
    assertEquals(
        List.of("capitale", "france"),
        Lexical.terms("Quelle est la capitale de la France ?", FRENCH));
    assertEquals(
        List.of("ecrit", "miserables"), Lexical.terms("Qui a écrit Les Misérables", FRENCH));
    // "né" folds to the listed "ne", as every accent folds in Lexical
    assertEquals(List.of("roi", "suede"), Lexical.terms("où est né le roi de Suède", FRENCH));
  }

  @Test
  void aGermanQuestionKeepsOnlyItsMeaningfulWords() {
    assertEquals(
        List.of("relativitatstheorie", "entwickelt"),
        Lexical.terms("Wer hat die Relativitätstheorie entwickelt?", GERMAN));
  }

  @Test
  void aFrenchLibraryDropsItsFunctionWordsAndAnEnglishOneKeepsThem() {
    assertTrue(FRENCH.contains("est"));
    assertTrue(FRENCH.contains("le"));
    assertFalse(ENGLISH.contains("est"));
    assertFalse(ENGLISH.contains("le"));
    assertEquals(
        List.of("son", "ray", "charles"), Lexical.terms("who was the son of Ray Charles", ENGLISH));
    assertEquals(
        List.of("who", "was", "the", "son", "of", "ray", "charles"),
        Lexical.terms("who was the son of Ray Charles", FRENCH));
  }

  @Test
  void twoAndThreeLetterCodesNameTheSameList() {
    Stopwords both = Stopwords.forLanguage("eng,fra");
    assertTrue(Stopwords.forLanguage("fr").contains("est"));
    assertTrue(Stopwords.forLanguage(" FRA ").contains("est"));
    assertTrue(both.contains("est"));
    assertTrue(both.contains("how"));
  }

  @Test
  void englishAndNoLanguageKeepTheProjectsOwnList() {
    assertSame(Stopwords.ENGLISH, ENGLISH);
    assertSame(Stopwords.ENGLISH, Stopwords.forLanguage(null));
    assertSame(Stopwords.ENGLISH, Stopwords.forLanguage(""));
    // Lucene's English list holds "not" and "will", which mean something in a question
    assertFalse(ENGLISH.contains("not"));
    assertTrue(ENGLISH.contains("how"));
  }

  @Test
  void aLanguageLuceneHasNoListForKeepsTheEnglishList() {
    // Belarusian Wikibooks (M/Language "bel") and a Cree wiki: what every library had before
    assertSame(Stopwords.ENGLISH, Stopwords.forLanguage("bel"));
    assertSame(Stopwords.ENGLISH, Stopwords.forLanguage("crk"));
    assertEquals(
        List.of("суп", "з", "гарбуза", "і", "цукру"),
        Lexical.terms("суп з гарбуза і цукру", Stopwords.forLanguage("bel")));
  }

  @Test
  void acrossLibrariesAWordIsAStopwordWhereSomeLibraryCountsIt() {
    Stopwords across = Stopwords.union(List.of(ENGLISH, FRENCH));
    assertTrue(across.contains("the"));
    assertTrue(across.contains("est"));
    assertTrue(Stopwords.union(List.of(ENGLISH, GERMAN)).contains("die"));
    assertFalse(across.contains("charles"));
  }
}
