package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Entry;
import org.corpusmcp.zim.Zim;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

/**
 * {@code Lexical.normalize} and {@code Lexical.words} against hand-checked cases, and against their
 * definition (compatibility decomposition, combining marks dropped, letters and digits case-folded,
 * every other run one space, trimmed) on random text and on the text of every article of two real
 * archives, English and Belarusian.
 */
class LexicalTest {

  /** The definition, spelt out code point by code point, with no shortcut for any script. */
  private static String definition(String s) {
    String decomposed = Normalizer.normalize(s, Normalizer.Form.NFKD);
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    decomposed
        .codePoints()
        .forEach(
            cp -> {
              if (Character.getType(cp) == Character.NON_SPACING_MARK) {
                return;
              }
              if (Character.isLetterOrDigit(cp)) {
                word.appendCodePoint(Character.toLowerCase(Character.toUpperCase(cp)));
              } else if (word.length() > 0) {
                words.add(word.toString());
                word.setLength(0);
              }
            });
    if (word.length() > 0) {
      words.add(word.toString());
    }
    return String.join(" ", words);
  }

  @Test
  void handCheckedCases() {
    assertEquals("bell test", Lexical.normalize("Bell_test"));
    assertEquals("bell test", Lexical.normalize("  Bell-Test!  "));
    assertEquals("cafe deja vu", Lexical.normalize("Café Déjà-vu"));
    assertEquals("file", Lexical.normalize("ﬁle")); // ligature decomposed
    assertEquals("123 xii", Lexical.normalize("１２３ Ⅻ")); // full-width digits, Roman numeral
    assertEquals("σοφια", Lexical.normalize("ΣΟΦΊΑ"));
    assertEquals("", Lexical.normalize(" -- ; "));
    assertEquals("a b", Lexical.normalize("a\uD800b")); // a lone surrogate separates
    assertEquals("x y", Lexical.normalize("X 😀Y")); // a symbol outside the BMP separates
    assertEquals(List.of("the", "cat", "sat"), Lexical.words("The cat, the CAT sat."));
    assertEquals(List.of(), Lexical.words("..."));
  }

  @Test
  void randomTextFollowsTheDefinition() {
    String alphabet = "aZ09 _-.,;\t\néÉßİıﬁ１Ⅻ\u0301\u00A0ΣςДж中😀\uD800";
    Random random = new Random(20261203);
    for (int n = 0; n < 20_000; n++) {
      StringBuilder s = new StringBuilder();
      int length = random.nextInt(24);
      for (int i = 0; i < length; i++) {
        int at = random.nextInt(alphabet.length());
        s.append(alphabet.charAt(at));
      }
      String text = s.toString();
      assertEquals(definition(text), Lexical.normalize(text), () -> "text " + escape(text));
      assertEquals(distinctWords(definition(text)), Lexical.words(text), () -> escape(text));
    }
  }

  @Test
  void realArticlesFollowTheDefinition() {
    int texts = 0;
    for (String sample :
        List.of(TestCorpus.HUNDRED, "mediawiki/wikibooks_be_all_nopic_2017-02.zim")) {
      try (Archive a = Zim.open(TestCorpus.SAMPLES.resolve(sample))) {
        for (Entry e : a.entriesByPath()) {
          if (!e.isItem() || !e.mimeType().startsWith("text/html")) {
            continue;
          }
          String text = Jsoup.parse(e.content().text()).text();
          assertEquals(definition(text), Lexical.normalize(text), e.path());
          texts++;
        }
      }
    }
    assertTrue(texts > 100, "texts compared: " + texts);
  }

  private static List<String> distinctWords(String normalized) {
    return normalized.isEmpty()
        ? List.of()
        : List.copyOf(new LinkedHashSet<>(List.of(normalized.split(" "))));
  }

  private static String escape(String s) {
    StringBuilder out = new StringBuilder();
    s.chars()
        .forEach(c -> out.append(c < 0x80 && c >= 0x20 ? "" + (char) c : "\\u%04x".formatted(c)));
    return out.toString();
  }
}
