package org.corpusmcp.zim.search;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Zim;

/** Development aid (not a test): replays cached oracle answers and prints the differences. */
public final class ParityDev {
  public static void main(String[] args) throws Exception {
    String kind = args[0];
    Path zim = Path.of(args[1]);
    Path cache = Path.of(args[2]);
    String semantics = args[3];
    boolean snippets = args.length > 4 && args[4].equals("snippets");
    List<Object> exp = SearchParityTest.list(MiniJson.parse(Files.readString(cache)));
    Semantics sem = semantics.equals("9") ? Semantics.LIBZIM_9 : Semantics.LIBZIM_8_1;
    int bad = 0;
    try (Archive a = Zim.open(zim)) {
      Searcher s = kind.equals("search") ? Searcher.open(a, sem) : null;
      SuggestionSearcher ss = kind.equals("suggest") ? SuggestionSearcher.open(a, sem) : null;
      for (Object o : exp) {
        Map<String, Object> e = SearchParityTest.map(o);
        String q = (String) e.get("query");
        if (UncomparedQuery.of(q).isPresent()) {
          continue;
        }
        List<String> p;
        if (s != null) {
          p = SearchParityTest.compare(e, s.search(q, 0, 10, snippets), sem);
        } else {
          p = SuggestParityTest.compare(e, ss.suggest(q, 0, 10), sem);
        }
        if (!snippets) {
          p.removeIf(x -> x.contains("snippet"));
        }
        if (!p.isEmpty()) {
          bad++;
          String d = "";
          Object r = sem == Semantics.LIBZIM_9 ? e.get("replay_libzim9") : e.get("replay");
          if (r instanceof Map<?, ?> m) {
            d = String.valueOf(m.get("query_description"));
          }
          String line = ParityCorpus.jsonString(q) + " [" + d + "] " + String.join("; ", p);
          System.out.println(line.length() > 700 ? line.substring(0, 700) : line);
        }
      }
    }
    System.out.println("differ: " + bad + " of " + exp.size());
  }
}
