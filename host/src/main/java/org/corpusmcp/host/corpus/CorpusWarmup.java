package org.corpusmcp.host.corpus;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.corpusmcp.corpus.Corpus;
import org.corpusmcp.corpus.Library;
import org.corpusmcp.corpus.SampleDocuments;
import org.corpusmcp.host.tools.Warmup;
import org.jspecify.annotations.Nullable;

/**
 * The calls an idle fresh server makes on its corpus ({@link Warmup}): for each of the first
 * {@value #LIBRARIES} libraries, two of its own documents' titles searched as an agent would ask
 * (the title's first words, and a question holding them), one of them misspelt (the correction
 * path: its longest word of letters only) and one document fetched: at most {@value #LIBRARIES}
 * times four calls, whatever the archives' size. The documents are {@link SampleDocuments}', found
 * without listing the archive.
 */
final class CorpusWarmup {

  static final int LIBRARIES = 4;

  private CorpusWarmup() {}

  static List<Warmup.Call> calls(Corpus corpus) {
    List<Warmup.Call> calls = new ArrayList<>();
    int libraries = 0;
    for (Library library : corpus.libraries()) {
      if (libraries++ == LIBRARIES) {
        break;
      }
      List<SampleDocuments.Sample> found = SampleDocuments.of(library);
      if (found.isEmpty()) {
        continue;
      }
      SampleDocuments.Sample first = found.get(0);
      String words = words(first.title());
      calls.add(search(words));
      calls.add(new Warmup.Call("fetch", Map.of("ref", first.ref())));
      String other = found.size() > 1 ? words(found.get(1).title()) : words;
      calls.add(search("what is " + other));
      String misspelt = misspelt(other);
      if (misspelt == null) {
        misspelt = misspelt(words);
      }
      if (misspelt != null) {
        calls.add(search(misspelt));
      }
    }
    return calls;
  }

  private static Warmup.Call search(String query) {
    return new Warmup.Call("search", Map.of("query", query));
  }

  /** A title as a query: lower-cased, its first three words. */
  static String words(String title) {
    String[] words = title.toLowerCase(Locale.ROOT).trim().split("\\s+");
    return String.join(" ", List.of(words).subList(0, Math.min(3, words.length)));
  }

  /**
   * {@code query} with two inner letters of its longest word swapped, or null when no word has five
   * letters or more (nothing to correct).
   */
  static @Nullable String misspelt(String query) {
    String[] words = query.split(" ");
    int longest = -1;
    for (int i = 0; i < words.length; i++) {
      boolean letters = words[i].chars().allMatch(Character::isLetter);
      if (letters && (longest < 0 || words[i].length() > words[longest].length())) {
        longest = i;
      }
    }
    if (longest < 0 || words[longest].length() < 5) {
      return null;
    }
    String word = words[longest];
    int at = word.length() / 2;
    if (word.charAt(at) == word.charAt(at - 1)) {
      return null;
    }
    words[longest] =
        word.substring(0, at - 1) + word.charAt(at) + word.charAt(at - 1) + word.substring(at + 1);
    return String.join(" ", words);
  }
}
