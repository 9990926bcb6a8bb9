package org.corpusmcp.corpus.search;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.corpusmcp.corpus.ArchiveFaults;
import org.corpusmcp.corpus.DocumentKey;
import org.corpusmcp.corpus.Lexical;
import org.corpusmcp.corpus.Library;
import org.corpusmcp.corpus.SearchResult;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.glass.GlassDatabase;
import org.corpusmcp.zim.glass.GlassFormatException;
import org.corpusmcp.zim.io.ByteSource;
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
 * ({@link TypoCorrector}). Exact titles come first, the typed query's and then the corrected
 * query's (when the corrected query is a title, that article is what was meant); then results of
 * the query as typed come before the corrected query's: its strict hits, then the corrected query's
 * strict hits, then the relaxed (any word) hits of the query as typed, then those of the corrected
 * query. The answer names the correction, and keeps naming the other libraries that hold a copy of
 * a result.
 *
 * <p>A correction must be borne out: when the query has other words, the corrected query must find
 * a document holding all of its words (or a title it names); "Albert Bernstein relativity" finding
 * only documents about one of those words says the name was not a typo of Bernstein. A word that is
 * not corrected and that no library holds is reported as absent ({@link Rescued#absent}), so the
 * answer can say which word nothing matched instead of silently matching the others.
 */
final class TypoRescue {

  private static final Logger log = LoggerFactory.getLogger(TypoRescue.class);

  /**
   * The most titles whose words are collected in memory: the distinct words and the map counting
   * them grow with the archive, and the launcher's heap is 1 GiB for every library together.
   */
  static final int MAX_TITLES_IN_MEMORY = 1_000_000;

  /**
   * A run of letters, marks and digits: what {@link Lexical#normalize} keeps as one word. Found in
   * the typed text rather than taken from the query's analysed words, because a correction replaces
   * each word where it stands, as typed, and the analysed words have lost their positions, case and
   * accents.
   */
  private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{M}\\p{N}]+");

  private final List<Library> libraries;
  private final Function<Library, LibrarySearcher> searchers;
  private final Map<String, List<Vocabulary>> vocabularies = new ConcurrentHashMap<>();

  private final LibraryStopwords stopwords;

  TypoRescue(
      List<Library> libraries,
      Function<Library, LibrarySearcher> searchers,
      LibraryStopwords stopwords) {
    this.stopwords = stopwords;
    this.libraries = libraries;
    this.searchers = searchers;
  }

  /**
   * What search answers: the candidates, the query whose terms snippets and hints read, the
   * correction made (null when none was), for each candidate kept in place of identical documents
   * in other libraries, those copies, and the term weights of the search whose terms they are.
   */
  record Rescued(
      Query query,
      List<Candidate> candidates,
      SearchResult.@Nullable Correction corrected,
      Map<DocumentKey, List<Candidate>> copies,
      List<String> absent,
      TermWeights weights) {}

  /**
   * What rescue makes of the typed query's ranking: the query with its misspelt words corrected,
   * for the pipeline to rank as it ranked the typed one (null when no word is corrected), and the
   * answer as it stands, kept when there is no correction or it is not borne out.
   */
  record Proposal(@Nullable Query corrected, Rescued unchanged, TypoCorrector.Spelling spelling) {}

  Proposal propose(Query query, SearchPipeline.Ranked typed, int limit) {
    List<Candidate> found = typed.candidates();
    long strict = found.stream().filter(c -> !c.relaxed()).count();
    if (strict >= limit) {
      return new Proposal(
          null,
          new Rescued(query, found, null, typed.copies(), List.of(), typed.weights()),
          new TypoCorrector.Spelling(Map.of(), List.of(), List.of()));
    }
    TypoCorrector.Spelling spelling = TypoCorrector.check(query.terms(), vocabularies());
    Rescued unchanged =
        new Rescued(query, found, null, typed.copies(), spelling.absent(), typed.weights());
    Map<String, String> fixes = spelling.corrected();
    if (fixes.isEmpty()) {
      return new Proposal(null, unchanged, spelling);
    }
    return new Proposal(
        Query.of(rewrite(query.text(), fixes), stopwords.searched()), unchanged, spelling);
  }

  /**
   * The typed query's ranking merged with the corrected query's, when the correction is borne out
   * and finds something new; else the typed query's, with the words no library holds.
   */
  Rescued merge(
      Query query,
      SearchPipeline.Ranked typed,
      Proposal proposal,
      SearchPipeline.Ranked corrected) {
    List<Candidate> found = typed.candidates();
    TypoCorrector.Spelling spelling = proposal.spelling();
    Map<String, String> fixes = spelling.corrected();
    String text = Objects.requireNonNull(proposal.corrected()).text();
    List<Candidate> again = corrected.candidates();
    corrected.failures().forEach(typed.failures()::putIfAbsent);
    boolean borneOut =
        query.terms().size() == fixes.size()
            || again.stream().anyMatch(c -> c.exact() || !c.relaxed());
    if (!borneOut) {
      // the other words never meet the corrected one: what was typed is a name nothing holds
      List<String> absent = new ArrayList<>();
      for (String term : query.terms()) {
        if (fixes.containsKey(term) || spelling.absent().contains(term)) {
          absent.add(term);
        }
      }
      return new Rescued(query, found, null, typed.copies(), List.copyOf(absent), typed.weights());
    }

    // The typed query's exact titles, then the corrected query's (the title the agent meant to
    // type: "Argeenntina" means Argentina, whatever else its words match), then the typed query's
    // strict hits, the corrected query's, and the two lists of relaxed hits in the same order.
    List<Candidate> merged = new ArrayList<>();
    Set<DocumentKey> seen = new HashSet<>();
    boolean added = false;
    for (int pass = 0; pass < 6; pass++) {
      boolean exact = pass < 2;
      boolean relaxed = pass >= 4;
      List<Candidate> from = pass % 2 == 0 ? found : again;
      for (Candidate c : from) {
        if (c.exact() == exact && c.relaxed() == relaxed && seen.add(c.key())) {
          merged.add(c);
          added |= from == again;
        }
      }
    }
    if (!added) {
      return proposal.unchanged(); // the correction found nothing new: say nothing about it
    }
    // Each search listed identical documents once; across the two, a document of one may be a copy
    // of the other's: listed once too, every copy named in the one kept.
    Map<DocumentKey, List<Candidate>> copies = new LinkedHashMap<>();
    typed.copies().forEach((k, v) -> copies.put(k, new ArrayList<>(v)));
    corrected.copies().forEach((k, v) -> copies.merge(k, new ArrayList<>(v), TypoRescue::union));
    List<Candidate> listed = new SameDocuments(copies).keepNew(merged);
    Set<String> terms = new LinkedHashSet<>(query.terms());
    terms.addAll(Lexical.terms(text, stopwords.searched()));
    SearchResult.Correction correction =
        new SearchResult.Correction(
            text,
            query.text(),
            Collections.unmodifiableMap(new LinkedHashMap<>(fixes)),
            "Searched '"
                + text
                + "' for '"
                + query.text()
                + "': "
                + misspelt(fixes, spelling.rare())
                + ". Results for the words as typed, if any, come first.");
    return new Rescued(
        new Query(query.text(), List.copyOf(terms)),
        listed,
        correction,
        copies,
        spelling.absent(),
        corrected.weights()); // the typed words it adds are in no index, hence in no title
  }

  /** "no library contains 'einstien'", or "'charls' occurs in only a document or two", by word. */
  private static String misspelt(Map<String, String> fixes, List<String> rare) {
    List<String> nowhere = new ArrayList<>();
    List<String> seldom = new ArrayList<>();
    for (String word : fixes.keySet()) {
      (rare.contains(word) ? seldom : nowhere).add("'" + word + "'");
    }
    List<String> parts = new ArrayList<>();
    if (!nowhere.isEmpty()) {
      parts.add("no library contains " + String.join(", ", nowhere));
    }
    if (!seldom.isEmpty()) {
      parts.add(
          String.join(", ", seldom)
              + (seldom.size() == 1 ? " occurs" : " occur")
              + " in only a document or two, most likely a typo there too");
    }
    return String.join("; ", parts);
  }

  private static List<Candidate> union(List<Candidate> a, List<Candidate> b) {
    // one copy found by both searches is the same document, however differently it ranked
    List<Candidate> out = new ArrayList<>(a);
    Set<DocumentKey> have = new HashSet<>();
    for (Candidate c : a) {
      have.add(c.key());
    }
    for (Candidate c : b) {
      if (have.add(c.key())) {
        out.add(c);
      }
    }
    return out;
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
   * knows them (a sidecar body index) or the archive's own index. Opened on first use.
   */
  private List<Vocabulary> open(Library library) {
    List<Vocabulary> out = new ArrayList<>();
    try {
      titleWords(library.archive(), library.name(), MAX_TITLES_IN_MEMORY).ifPresent(out::add);
      searchers.apply(library).vocabulary().ifPresent(out::add);
    } catch (RuntimeException e) {
      if (!ArchiveFaults.isArchiveFault(e)) {
        throw e; // a bug, not damage: the search reports an internal failure
      }
      log.warn(
          "library {}: vocabulary for typo tolerance incomplete ({})",
          library.name(),
          e.toString());
    }
    return List.copyOf(out);
  }

  /**
   * The titles' words from the archive's title index when it has one: read where they lie, so a
   * Wikipedia's millions of titles cost neither memory nor a scan at the first misspelling. Only an
   * archive without one (or with a damaged one) has them collected in memory, and only up to {@code
   * maxTitlesInMemory} titles: beyond that, its body words still correct misspellings.
   */
  static Optional<Vocabulary> titleWords(Archive archive, String library, int maxTitlesInMemory) {
    ByteSource index = archive.titleIndex();
    if (index != null) {
      try {
        return Optional.of(GlassVocabulary.titles(GlassDatabase.open(index)));
      } catch (GlassFormatException e) {
        log.warn(
            "library {}: title index unreadable ({}), its titles' words are collected instead",
            library,
            e.getMessage());
      }
    }
    if (archive.allEntryCount() > maxTitlesInMemory) {
      log.warn(
          "library {}: {} entries and no title index; typo tolerance uses its body words only",
          library,
          archive.allEntryCount());
      return Optional.empty();
    }
    return Optional.of(TitleVocabulary.of(archive));
  }
}
