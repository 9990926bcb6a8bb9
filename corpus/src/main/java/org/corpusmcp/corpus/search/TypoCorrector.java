package org.corpusmcp.corpus.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
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
 * from then on two ({@link #nearest}: the fewest edits win; among those the word most documents
 * hold, then the first in byte order, so a correction is deterministic). A neighbour found that way
 * is only a candidate: it becomes a correction when it is a likely typing error of the word as
 * typed ({@link TypingErrors}); otherwise the word is reported as absent, never replaced.
 *
 * <p>A word that some library does hold is normally left alone, with one exception: a word so rare
 * (at most {@value #RARE} documents) that it is most likely a typo stored in the text itself, next
 * to a plausible neighbour at least {@value #COMMONER} times as common ("Charls" once, "Charles"
 * thousands of times). Its correction is searched as well, after the results for the word as typed.
 */
final class TypoCorrector {

  static final int MIN_LENGTH = 4;
  static final int LONG_WORD = 7;
  static final long RARE = 2;
  static final long COMMONER = 50;

  private TypoCorrector() {}

  /**
   * What the libraries' words say of a query's words.
   *
   * @param corrected each misspelt word with the word searched for it, in query order
   * @param absent the words no library holds that are not corrected (no likely neighbour, or too
   *     short or with digits to guess at), in query order
   * @param rare the corrected words that some library does hold, in a document or two
   */
  record Spelling(Map<String, String> corrected, List<String> absent, List<String> rare) {
    static final Spelling NONE = new Spelling(Map.of(), List.of(), List.of());
  }

  /**
   * Each query word that every vocabulary lacks, corrected when a likely typing error of a word
   * they hold and reported as absent otherwise; and each very rare word with a much commoner likely
   * neighbour, corrected.
   */
  static Spelling check(List<String> words, List<Vocabulary> vocabularies) {
    if (vocabularies.isEmpty()) {
      return Spelling.NONE;
    }
    Map<String, String> corrected = new LinkedHashMap<>();
    List<String> absent = new ArrayList<>();
    List<String> rare = new ArrayList<>();
    // a word alone has nothing to confirm a far-fetched correction with
    double far =
        words.size() > 1 ? TypingErrors.FAR_SUBSTITUTION : TypingErrors.FAR_SUBSTITUTION_ALONE;
    for (String word : words) {
      long held = documentsHolding(word, vocabularies);
      if (held > RARE) {
        continue;
      }
      Neighbour best = correctable(word) ? likeliest(word, vocabularies, far) : null;
      boolean likely = best != null && best.cost() <= TypingErrors.allowance(word);
      if (held == 0) {
        if (likely) {
          corrected.put(word, best.term());
        } else {
          absent.add(word);
        }
      } else if (likely && best.documents() >= COMMONER * held && best.cost() <= 1) {
        corrected.put(word, best.term());
        rare.add(word);
      }
    }
    return new Spelling(
        Collections.unmodifiableMap(corrected),
        Collections.unmodifiableList(absent),
        Collections.unmodifiableList(rare));
  }

  /**
   * The nearest neighbour of each query word that every vocabulary lacks, whether or not it is a
   * likely typing error: the candidates {@link #check} weighs, as Xapian would list them.
   */
  static Map<String, String> nearestNeighbours(List<String> words, List<Vocabulary> vocabularies) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String word : words) {
      if (!correctable(word) || documentsHolding(word, vocabularies) > 0) {
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

  /**
   * The documents holding {@code word}, summed over the vocabularies (a document counted once per
   * vocabulary that lists it: a rough count, which is all the rarity test needs).
   */
  private static long documentsHolding(String word, List<Vocabulary> vocabularies) {
    long total = 0;
    try {
      for (Vocabulary v : vocabularies) {
        TermsEnum terms = v.terms();
        if (terms.seekExact(new BytesRef(v.form(word).getBytes(StandardCharsets.UTF_8)))) {
          total += Math.max(1, terms.docFreq());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return total;
  }

  /**
   * A word of the vocabularies near a query word: how many documents hold it, how likely a typo.
   */
  record Neighbour(String term, long documents, double cost) {}

  /**
   * The nearest term of the vocabularies within the allowed edits, or null: the fewest edits, then
   * the most documents, then byte order, as Xapian's spelling suggestion picks.
   */
  static @Nullable String nearest(String word, List<Vocabulary> vocabularies) {
    Neighbour best = null;
    for (Neighbour n : neighbours(word, vocabularies, TypingErrors.FAR_SUBSTITUTION)) {
      if (best == null || n.documents() > best.documents()) {
        best = n;
      }
    }
    return best == null ? null : best.term();
  }

  /**
   * The neighbour most likely to be what was meant, or null: the lowest typing-error cost, then the
   * most documents, then byte order.
   */
  static @Nullable Neighbour likeliest(
      String word, List<Vocabulary> vocabularies, double farSubstitution) {
    Neighbour best = null;
    for (Neighbour n : neighbours(word, vocabularies, farSubstitution)) {
      if (best == null
          || n.cost() < best.cost()
          || (n.cost() == best.cost() && n.documents() > best.documents())) {
        best = n;
      }
    }
    return best;
  }

  /**
   * The terms of the vocabularies at the fewest edits (within the allowed ones) from {@code word},
   * in byte order. Each vocabulary is asked in its own form of the word (a stemmed index for the
   * word's stem), and the typing cost is that form's to the term; at the same number of edits words
   * as written are preferred to stems, since the correction is shown.
   */
  private static List<Neighbour> neighbours(
      String word, List<Vocabulary> vocabularies, double farSubstitution) {
    Map<String, LevenshteinAutomata> builders = new TreeMap<>();
    for (int edits = 1; edits <= maxEdits(word); edits++) {
      // candidate -> documents holding it, summed over libraries; sorted, so ties go to byte order
      Map<String, Neighbour> words = new TreeMap<>();
      Map<String, Neighbour> stems = new TreeMap<>();
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
          Map<String, Neighbour> into = v.holdsWords() ? words : stems;
          TermsEnum terms = new AutomatonTermsEnum(v.terms(), automaton);
          for (BytesRef t = terms.next(); t != null; t = terms.next()) {
            String candidate = t.utf8ToString();
            if (!v.isReserved(t) && !candidate.equals(form)) {
              Neighbour found =
                  new Neighbour(
                      candidate,
                      terms.docFreq(),
                      TypingErrors.cost(form, candidate, farSubstitution));
              into.merge(
                  candidate,
                  found,
                  (a, b) ->
                      new Neighbour(
                          a.term(), a.documents() + b.documents(), Math.min(a.cost(), b.cost())));
            }
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      Map<String, Neighbour> found = words.isEmpty() ? stems : words;
      if (!found.isEmpty()) {
        return List.copyOf(found.values()); // fewer edits always win
      }
    }
    return List.of();
  }
}
