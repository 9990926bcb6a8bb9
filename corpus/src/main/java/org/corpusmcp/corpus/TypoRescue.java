package org.corpusmcp.corpus;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A second search with misspelt words corrected, when the first found too little.
 *
 * <p>The rule: when the strict (all words) pass found fewer documents than the limit asked for, and
 * some query word of at least {@value TypoCorrector#MIN_LENGTH} letters occurs in no library's
 * vocabulary (a word that exists nowhere cannot be matched, so nothing is lost by asking for its
 * neighbour), the query is searched again with each such word replaced by its nearest real word
 * ({@link TypoCorrector}). Results of the query as typed always come first: its strict hits, then
 * the corrected query's strict hits, then the relaxed (any word) hits of the query as typed, then
 * those of the corrected query. The answer names the correction.
 */
final class TypoRescue {

  private static final Logger log = LoggerFactory.getLogger(TypoRescue.class);

  /** A run of letters, marks and digits: what {@link Lexical#normalize} keeps as one word. */
  private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{M}\\p{N}]+");

  private final List<Library> libraries;
  private final Function<Library, LibrarySearcher> searchers;
  private final Map<String, List<Vocabulary>> vocabularies = new ConcurrentHashMap<>();

  TypoRescue(List<Library> libraries, Function<Library, LibrarySearcher> searchers) {
    this.libraries = libraries;
    this.searchers = searchers;
  }

  /**
   * What search answers: the candidates, the query whose terms snippets and hints read, and the
   * correction made (null when none was).
   */
  record Rescued(
      Query query,
      List<FederatedSearch.Candidate> candidates,
      SearchResult.@Nullable Correction corrected) {}

  Rescued rescue(
      Query query,
      List<FederatedSearch.Candidate> found,
      int limit,
      Function<Query, List<FederatedSearch.Candidate>> search) {
    Rescued unchanged = new Rescued(query, found, null);
    long strict = found.stream().filter(c -> !c.relaxed()).count();
    if (strict >= limit) {
      return unchanged;
    }
    Map<String, String> fixes = TypoCorrector.corrections(query.terms(), vocabularies());
    if (fixes.isEmpty()) {
      return unchanged;
    }
    String text = rewrite(query.text(), fixes);
    List<FederatedSearch.Candidate> again = search.apply(Query.of(text));

    List<FederatedSearch.Candidate> merged = new ArrayList<>();
    Set<DocumentKey> seen = new HashSet<>();
    boolean added = false;
    for (int pass = 0; pass < 4; pass++) {
      boolean relaxed = pass >= 2;
      List<FederatedSearch.Candidate> from = pass % 2 == 0 ? found : again;
      for (FederatedSearch.Candidate c : from) {
        if (c.relaxed() == relaxed
            && seen.add(new DocumentKey(c.library().name(), c.entry().rawPath()))) {
          merged.add(c);
          added |= from == again;
        }
      }
    }
    if (!added) {
      return unchanged; // the correction found nothing new: say nothing about it
    }
    Set<String> terms = new LinkedHashSet<>(query.terms());
    terms.addAll(Lexical.terms(text));
    SearchResult.Correction corrected =
        new SearchResult.Correction(
            text,
            query.text(),
            Collections.unmodifiableMap(new LinkedHashMap<>(fixes)),
            "Searched '"
                + text
                + "' for '"
                + query.text()
                + "': no library contains "
                + String.join(", ", fixes.keySet().stream().map(w -> "'" + w + "'").toList())
                + ". Results for the words as typed, if any, come first.");
    return new Rescued(new Query(query.text(), List.copyOf(terms)), merged, corrected);
  }

  /** The query text with each corrected word replaced in place, keeping a capital first letter. */
  static String rewrite(String text, Map<String, String> fixes) {
    Matcher m = WORD.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String word = m.group();
      String fix = fixes.get(Lexical.normalize(word));
      String replacement = word;
      if (fix != null) {
        replacement =
            Character.isUpperCase(word.codePointAt(0)) ? Lexical.capitalizeFirst(fix) : fix;
      }
      m.appendReplacement(out, Matcher.quoteReplacement(replacement));
    }
    m.appendTail(out);
    return out.toString();
  }

  private List<Vocabulary> vocabularies() {
    List<Vocabulary> out = new ArrayList<>();
    for (Library library : libraries) {
      out.addAll(vocabularies.computeIfAbsent(library.name(), n -> open(library)));
    }
    return out;
  }

  /**
   * A library's vocabularies: its titles' words (redirects included: real words, as written, and
   * what misspelt titles are misspelt from) and the words of its body text, from the searcher that
   * knows them (a sidecar body index) or the archive's own index. Built on first use.
   */
  private List<Vocabulary> open(Library library) {
    List<Vocabulary> out = new ArrayList<>();
    try {
      out.add(TitleVocabulary.of(library.archive()));
      if (searchers.apply(library) instanceof Vocabulary.Source source) {
        out.add(source.vocabulary());
      } else if (library.archive().fulltextIndex() != null) {
        out.add(new GlassVocabulary(library.archive().fulltextIndex()));
      }
    } catch (RuntimeException e) {
      log.warn(
          "library {}: vocabulary for typo tolerance incomplete ({})",
          library.name(),
          e.toString());
    }
    return List.copyOf(out);
  }
}
