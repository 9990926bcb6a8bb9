package org.corpusmcp.corpus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.lucene.index.AutomatonTermsEnum;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.automaton.CompiledAutomaton;
import org.apache.lucene.util.automaton.LevenshteinAutomata;
import org.jspecify.annotations.Nullable;

/**
 * Corrects query words that no library contains to the nearest word one does, by edit distance
 * (insertions, deletions, substitutions and transpositions of neighbours each count one, as
 * Damerau-Levenshtein), the way Lucene's FuzzyQuery finds its terms: a Levenshtein automaton of the
 * word intersected with the sorted vocabulary, seeking past every range the automaton cannot
 * accept, so the cost grows with the candidates near the word and not with the vocabulary.
 *
 * <p>Rules: words shorter than {@value #MIN_LENGTH} letters, or with digits, are never corrected
 * (too many real words lie one edit away); up to {@value #LONG_WORD} letters one edit is allowed,
 * from then on two. The fewest edits win; among those the word most documents hold, then the first
 * in byte order, so a correction is deterministic.
 */
final class TypoCorrector {

  static final int MIN_LENGTH = 4;
  static final int LONG_WORD = 7;

  private TypoCorrector() {}

  /**
   * Each query word that every vocabulary lacks and that has a near neighbour, with that neighbour.
   */
  static Map<String, String> corrections(List<String> words, List<Vocabulary> vocabularies) {
    Map<String, String> out = new LinkedHashMap<>();
    if (vocabularies.isEmpty()) {
      return out;
    }
    for (String word : words) {
      if (!correctable(word) || containedInAny(word, vocabularies)) {
        continue;
      }
      String best = nearest(word, vocabularies);
      if (best != null) {
        out.put(word, best);
      }
    }
    return out;
  }

  static boolean correctable(String word) {
    if (word.codePointCount(0, word.length()) < MIN_LENGTH) {
      return false;
    }
    return word.codePoints().allMatch(Character::isLetter);
  }

  static int maxEdits(String word) {
    return word.codePointCount(0, word.length()) <= LONG_WORD ? 1 : 2;
  }

  private static boolean containedInAny(String word, List<Vocabulary> vocabularies) {
    try {
      for (Vocabulary v : vocabularies) {
        if (v.terms().seekExact(new BytesRef(v.form(word).getBytes(StandardCharsets.UTF_8)))) {
          return true;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return false;
  }

  /**
   * The nearest term of the vocabularies within the allowed edits, or null. Each vocabulary is
   * asked in its own form of the word (a stemmed index for the word's stem); at the same number of
   * edits a word as written is preferred to a stem, since the correction is shown.
   */
  static @Nullable String nearest(String word, List<Vocabulary> vocabularies) {
    Map<String, LevenshteinAutomata> builders = new TreeMap<>();
    for (int edits = 1; edits <= maxEdits(word); edits++) {
      // candidate -> documents holding it, summed over libraries; sorted, so ties go to byte order
      Map<String, Long> words = new TreeMap<>();
      Map<String, Long> stems = new TreeMap<>();
      try {
        for (Vocabulary v : vocabularies) {
          String form = v.form(word);
          if (!correctable(form)) {
            continue;
          }
          CompiledAutomaton automaton =
              new CompiledAutomaton(
                  builders
                      .computeIfAbsent(form, f -> new LevenshteinAutomata(f, true))
                      .toAutomaton(edits),
                  true,
                  false);
          Map<String, Long> into = v.holdsWords() ? words : stems;
          TermsEnum terms = new AutomatonTermsEnum(v.terms(), automaton);
          for (BytesRef t = terms.next(); t != null; t = terms.next()) {
            String candidate = t.utf8ToString();
            if (!v.isReserved(t) && !candidate.equals(form)) {
              into.merge(candidate, (long) terms.docFreq(), Long::sum);
            }
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      String best = mostFrequent(words.isEmpty() ? stems : words);
      if (best != null) {
        return best; // fewer edits always win: two edits are tried only when nothing is one away
      }
    }
    return null;
  }

  private static @Nullable String mostFrequent(Map<String, Long> candidates) {
    String best = null;
    long bestCount = -1;
    for (Map.Entry<String, Long> e : candidates.entrySet()) {
      if (e.getValue() > bestCount) {
        best = e.getKey();
        bestCount = e.getValue();
      }
    }
    return best;
  }
}
