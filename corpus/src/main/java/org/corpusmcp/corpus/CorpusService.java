package org.corpusmcp.corpus;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.function.Function;
import org.corpusmcp.api.corpus.Document;
import org.corpusmcp.api.corpus.Section;
import org.corpusmcp.api.corpus.SectionId;
import org.corpusmcp.corpus.FetchResponse.ArchiveInfo;
import org.corpusmcp.corpus.FetchResponse.SectionView;
import org.corpusmcp.corpus.SearchResult.LibraryFailure;
import org.corpusmcp.corpus.SearchResult.RankedResult;
import org.corpusmcp.corpus.SearchResult.SectionHint;
import org.corpusmcp.corpus.search.Candidate;
import org.corpusmcp.corpus.search.FederatedSearch;
import org.corpusmcp.corpus.search.LibrarySearcher;
import org.corpusmcp.corpus.search.Query;
import org.corpusmcp.corpus.search.SearchPipeline;
import org.corpusmcp.corpus.search.TermWeights;
import org.corpusmcp.zim.Entry;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What {@code search} and {@code fetch} do, over an open {@link Corpus}. Replies are records (the
 * host maps them to JSON); refs are the only identifiers that cross to the agent, and no ZIM
 * concept (namespace, cluster, MIME type, raw HTML) appears in any of them.
 */
public final class CorpusService implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(CorpusService.class);

  /** How often a library whose fetches keep failing gets a WARN line: once a minute at most. */
  private static final long FAILURE_LOG_PERIOD_NANOS = 60_000_000_000L;

  private final Corpus corpus;
  private final CorpusSettings settings;
  private final DocumentStore store;
  private final ExecutorService workers;
  private final SearchPipeline pipeline;

  private final RepeatedFailures fetchFailures =
      new RepeatedFailures(FAILURE_LOG_PERIOD_NANOS, System::nanoTime);

  /**
   * @param searchers the searcher for each library (full-text where the archive has an index)
   * @param workers the threads libraries are searched and documents read on ({@code searchWorkers}
   *     of them serve the settings' intent); the caller's: it shuts them down after closing this
   *     service
   */
  public CorpusService(
      Corpus corpus, Function<Library, LibrarySearcher> searchers, ExecutorService workers) {
    this.corpus = corpus;
    this.settings = corpus.settings();
    this.store =
        new DocumentStore(
            settings.documentCacheBytes(),
            settings.searchTextCacheBytes(),
            settings.maxDocumentBytes(),
            settings.maxClusterBytes());
    this.workers = workers;
    this.pipeline =
        new SearchPipeline(corpus.libraries(), searchers, workers, settings.maxConsecutive());
  }

  public Corpus corpus() {
    return corpus;
  }

  /** search(query, limit): fused results, or a typed error. */
  public Reply<SearchResult> search(String query, int limit) {
    long start = System.nanoTime();
    SearchPipeline.Ranking rescued = pipeline.search(query, limit);
    Query analysed = rescued.typed();
    List<String> terms = rescued.query().terms();
    TermWeights weights = rescued.weights();
    boolean question = analysed.isQuestion();
    List<RankedResult> results = new ArrayList<>();
    // Results whose section heading the query names, those with a sentence stating the question's
    // words, and those that cannot give way to them: the results that answer by their title.
    List<RankedResult> namedByHeading = new ArrayList<>();
    List<RankedResult> statedInOneSentence = new ArrayList<>();
    List<RankedResult> namedByTitle = new ArrayList<>();
    List<RankedResult> mostlyInTitle = new ArrayList<>();
    // Some scrapers store a page twice under two paths (a redirect kept as a copy): one result.
    record SameText(String library, String title, String snippet) {}
    Set<SameText> seen = new HashSet<>();
    boolean allRelaxed = true;
    prepareInParallel(rescued.candidates(), limit);
    for (Candidate c : rescued.candidates()) {
      if (results.size() >= limit) {
        break;
      }
      DocumentWords words;
      try {
        words = store.words(c.library(), c.entry());
      } catch (RuntimeException e) {
        if (!ArchiveFaults.isArchiveFault(e)) {
          throw e;
        }
        rescued
            .failures()
            .putIfAbsent(
                c.library().name(),
                "a result could not be read: " + ArchiveFaults.describe(e, c.library().name()));
        continue;
      }
      if (words == null) {
        continue;
      }
      Snippets.Passage passage = Snippets.passage(words, terms);
      RankedResult result = hit(c, words, passage, terms, analysed.terms(), rescued.copiesOf(c));
      if (seen.add(new SameText(result.library(), result.title(), result.snippet()))) {
        if (c.exact() || c.titleInQuery() > 0) {
          namedByTitle.add(result);
        } else if (SectionHints.headingNamesQuery(words, analysed.terms(), rescued.stopwords())) {
          namedByHeading.add(result);
        } else if (weights.titleShare(words.title()) >= FederatedSearch.TITLE_NAMES_QUERY) {
          mostlyInTitle.add(result);
        } else if (passage.whole() && question) {
          statedInOneSentence.add(result);
        }
        results.add(result);
        allRelaxed &= c.relaxed();
      }
    }
    // a title holding most of a question answers it before a sentence elsewhere does, while a
    // heading the query names is as good as a title
    List<RankedResult> heldBySentences = new ArrayList<>(namedByTitle);
    heldBySentences.addAll(mostlyInTitle);
    results = promoted(results, heldBySentences, statedInOneSentence);
    results = promoted(results, namedByTitle, namedByHeading);
    if (settings.logQueries()) {
      log.info(
          "search {} -> {} result(s) in {} ms",
          forLog(query),
          results.size(),
          (System.nanoTime() - start) / 1_000_000);
    }
    if (results.isEmpty() && rescued.failures().size() == corpus.libraries().size()) {
      return Reply.failed(
          "search_unavailable", "every library failed to search: " + rescued.failures());
    }
    List<LibraryFailure> degraded = new ArrayList<>();
    rescued.failures().forEach((library, why) -> degraded.add(new LibraryFailure(library, why)));
    String notice = null;
    List<String> missing = rescued.absent();
    String absent =
        missing.isEmpty()
            ? ""
            : "No library contains "
                + String.join(", ", missing.stream().map(w -> "'" + w + "'").toList())
                + "; it was not taken for a typo of another word. ";
    if (results.isEmpty()) {
      notice =
          absent
              + "No document in "
              + libraryNames()
              + " matches this query, even with any-word matching. Try other or fewer words.";
    } else if (!missing.isEmpty()) {
      notice = absent + "These results match the query's other words only.";
    } else if (allRelaxed) {
      notice =
          "No document matches all the words of this query; these results match"
              + " some of them (any-word matching, each result's unmatched_words says which it"
              + " lacks). Check them, or try other words.";
    }
    return Reply.ok(new SearchResult(results, rescued.corrected(), missing, degraded, notice));
  }

  /**
   * The results with those of {@code tier}, which say what the query asks in a part of their own,
   * moved up to just below the last {@code held} result before them. Two tiers: results whose
   * section heading the query names ("Ray Charles" + a section "Early life" for "Ray Charles early
   * life", or a heading alone that few pages have), held only by an exact title or a title the
   * query names whole; and for a question, results with one sentence holding every word of the
   * query ("The tiger is the largest living cat species"), held also by a title holding most of the
   * query's information ({@link FederatedSearch#TITLE_NAMES_QUERY}). A heading is how an archive
   * names a part of a page, the way a title names the page, and a sentence is the smallest passage
   * that states a fact; full-text scores cannot tell either from the same words scattered through a
   * long article. Only the results already read are moved, so this costs no document more. Stable
   * otherwise.
   */
  private static List<RankedResult> promoted(
      List<RankedResult> results, List<RankedResult> held, List<RankedResult> tier) {
    if (tier.isEmpty()) {
      return results;
    }
    int first = results.indexOf(tier.get(0));
    for (RankedResult t : tier) {
      first = Math.min(first, results.indexOf(t));
    }
    int after = -1; // the last held result before the first promoted one stays above it
    for (int i = 0; i < first; i++) {
      if (held.contains(results.get(i))) {
        after = i;
      }
    }
    List<RankedResult> out = new ArrayList<>(results.subList(0, after + 1));
    for (RankedResult r : results.subList(after + 1, results.size())) {
      if (tier.contains(r)) {
        out.add(r);
      }
    }
    for (RankedResult r : results.subList(after + 1, results.size())) {
      if (!tier.contains(r)) {
        out.add(r);
      }
    }
    return out;
  }

  /**
   * Starts reading and parsing the first {@code limit} candidates' documents on the search workers,
   * so a result list that is not cached yet takes the time of its slowest document rather than the
   * sum of them all; the results are then taken in order as before (a document still being prepared
   * is waited for, never prepared twice). A failure is left for that in-order read to report.
   */
  private void prepareInParallel(List<Candidate> candidates, int limit) {
    for (Candidate c : candidates.subList(0, Math.min(limit, candidates.size()))) {
      workers.execute(
          () -> {
            try {
              store.words(c.library(), c.entry());
            } catch (RuntimeException e) {
              // any failure, damage or bug: the in-order read of the same document meets it
              // again, and reports the damage or rethrows the bug
            }
          });
    }
  }

  private static RankedResult hit(
      Candidate c,
      DocumentWords words,
      Snippets.Passage passage,
      List<String> terms,
      List<String> typed,
      List<Candidate> copies) {
    Library library = c.library();
    List<SectionHint> hints = new ArrayList<>();
    for (Map<String, String> hint : SectionHints.of(words, terms, passage.section())) {
      hints.add(new SectionHint(hint.get("id"), hint.get("title")));
    }
    // the other libraries that hold the same document (two snapshots of one wiki), named in the one
    // kept
    List<SearchResult.Copy> alsoIn = new ArrayList<>();
    for (Candidate copy : copies) {
      alsoIn.add(
          new SearchResult.Copy(
              copy.library().name(),
              Refs.encode(copy.library().name(), copy.library().refPath(copy.entry()))));
    }
    return new RankedResult(
        Refs.encode(library.name(), library.refPath(c.entry())),
        library.name(),
        library.kind().value(),
        words.title(),
        library.snapshot(),
        passage.text(),
        hints,
        alsoIn,
        c.relaxed() ? unmatched(words, typed) : List.of());
  }

  /**
   * The query's words (as typed, or as corrected when the typed one is nowhere) that a result found
   * by any-word matching holds in neither its title nor its text. Strict hits hold them all.
   */
  private static List<String> unmatched(DocumentWords words, List<String> typed) {
    List<String> out = new ArrayList<>();
    for (String term : typed) {
      if (!words.holdsLoosely(term)) {
        out.add(term);
      }
    }
    return out;
  }

  /**
   * fetch(ref, sections): the cleaned document, or a typed error (invalid_ref, not_found,
   * section_not_found, document_too_large, archive_error).
   */
  public Reply<FetchResponse> fetch(String ref, List<String> sectionIds) {
    Refs.Ref decoded;
    try {
      decoded = Refs.decode(ref);
    } catch (Refs.InvalidRefException e) {
      return Reply.failed("invalid_ref", e.getMessage());
    }
    Library library = corpus.library(decoded.library());
    if (library == null) {
      return Reply.failed(
          "not_found",
          "Document not found: no library '"
              + decoded.library()
              + "' is configured (libraries: "
              + libraryNames()
              + "). Use a ref from search().");
    }
    String notFound = "Document not found in " + library.name() + ": " + decoded.path();
    Entry end;
    Document document;
    try {
      Entry entry = library.entry(decoded.path());
      if (entry == null) {
        return Reply.failed("not_found", notFound);
      }
      end = entry.resolve();
      if (!library.isDocument(end)) {
        return Reply.failed("not_found", notFound);
      }
      DocumentStore.Parsed parsed = store.load(library, end);
      document = parsed == null ? null : parsed.document();
    } catch (DocumentTooLargeException e) {
      return Reply.failed(
          "document_too_large",
          "This document cannot be served: " + e.getMessage() + ". Other documents still work.");
    } catch (RuntimeException e) {
      if (!ArchiveFaults.isArchiveFault(e)) {
        throw e;
      }
      RepeatedFailures.Verdict verdict = fetchFailures.failed(library.name());
      if (verdict.log()) {
        log.warn(
            "library {}: fetch {} failed: {}{}",
            library.name(),
            forLog(ref),
            e.toString(),
            verdict.leftOut() == 0
                ? " (further failures of this library within 60 s are only counted)"
                : " (" + verdict.leftOut() + " more failed in the previous period, not logged)");
      }
      return Reply.failed(
          "archive_error",
          "The archive of "
              + library.name()
              + " could not deliver this document ("
              + ArchiveFaults.describe(e, library.name())
              + "); other documents may still work.");
    }
    if (document == null) {
      return Reply.failed("not_found", notFound);
    }

    List<Section> chosen = new ArrayList<>();
    boolean whole = sectionIds.isEmpty();
    if (whole) {
      chosen.addAll(document.allSections());
    } else {
      List<String> missing = new ArrayList<>();
      Set<SectionId> wanted = new HashSet<>();
      for (String id : sectionIds) {
        SectionId parsed = SectionId.tryParse(id);
        Section section = parsed == null ? null : document.section(parsed);
        if (section == null) {
          missing.add(id);
        } else if (wanted.add(section.id())) {
          chosen.add(section);
        }
      }
      if (!missing.isEmpty()) {
        return new Reply.Failed<>(
            "section_not_found",
            "Section(s) "
                + missing
                + " not found in "
                + document.title()
                + "; choose from available_sections.",
            new Reply.MissingSections(missing, available(document, x -> nfc(ownMarkdown(x)))));
      }
      chosen.removeIf(s -> isInsideAnother(s, chosen));
    }

    // Every section is returned as its own heading and body, subsections as sections of their
    // own, so a section's content and content_hash are the same however it was asked for, and
    // pieces fetched by id add up to the whole document.
    // each section's own text, rendered and normalised once: the outline's sizes and the pieces
    // keyed by identity: a record's own hash would walk the whole subtree
    IdentityHashMap<Section, String> own = new IdentityHashMap<>();
    for (Section s : document.allSections()) {
      own.put(s, nfc(ownMarkdown(s)));
    }
    List<SectionView> pieces = new ArrayList<>();
    Set<SectionId> taken = new HashSet<>();
    for (Section section : chosen) {
      for (Section s : whole ? List.of(section) : subtree(section)) {
        if (taken.add(s.id())) {
          pieces.add(sectionView(s, own.get(s), -1));
        }
      }
    }

    String canonical = Refs.encode(library.name(), library.refPath(end));
    // rendering: which rendering the content and content_hash values are (the adapter's); a hash
    // is checkable again only against the same rendering of the same archive.
    FetchResponse outline =
        new FetchResponse(
            canonical,
            canonical.equals(ref) ? null : ref,
            library.name(),
            library.kind().value(),
            document.title(),
            library.snapshot(),
            archiveInfo(library),
            library.rendering(),
            document.metadata(),
            List.of(),
            available(document, own::get),
            false,
            List.of());
    FetchBudget.Fitted fitted =
        new FetchBudget(new FetchBudget.Limit(settings.maxFetchChars(), settings.maxFetchTokens()))
            .fit(
                outline,
                pieces,
                (piece, content, fullLength) ->
                    new SectionView(
                        piece.id(),
                        piece.title(),
                        piece.level(),
                        content,
                        sha256(content),
                        fullLength,
                        piece.metadata()));
    return Reply.ok(FetchBudget.assemble(outline, fitted));
  }

  private static List<Section> subtree(Section section) {
    List<Section> out = new ArrayList<>();
    out.add(section);
    for (Section child : section.children()) {
      out.addAll(subtree(child));
    }
    return out;
  }

  private static boolean isInsideAnother(Section s, List<Section> chosen) {
    for (Section other : chosen) {
      if (!other.id().equals(s.id()) && contains(other, s)) {
        return true;
      }
    }
    return false;
  }

  private static boolean contains(Section ancestor, Section s) {
    for (Section child : ancestor.children()) {
      if (child.id().equals(s.id()) || contains(child, s)) {
        return true;
      }
    }
    return false;
  }

  /** A section's heading line and its own body, without subsections (whole-document fetch). */
  private static String ownMarkdown(Section section) {
    if (section.isLead()) {
      return section.markdown();
    }
    String heading = "#".repeat(Math.max(2, Math.min(6, section.level()))) + " " + section.title();
    return section.markdown().isEmpty() ? heading : heading + "\n\n" + section.markdown();
  }

  /**
   * @param fullLength the length of the whole section when {@code content} is a cut part of it,
   *     else -1
   */
  private static SectionView sectionView(Section section, String content, int fullLength) {
    return new SectionView(
        section.id().value(),
        section.title(),
        section.level(),
        content,
        sha256(content),
        fullLength >= 0 ? fullLength : null,
        section.metadata());
  }

  /** The outline: every section's id, title, level and the size of its own text. */
  private static List<OutlineEntry> available(
      Document document, Function<Section, String> ownText) {
    List<OutlineEntry> out = new ArrayList<>();
    for (Section s : document.allSections()) {
      out.add(new OutlineEntry(s.id().value(), s.title(), s.level(), ownText.apply(s).length()));
    }
    return out;
  }

  private static ArchiveInfo archiveInfo(Library library) {
    return new ArchiveInfo(
        library.uuid(),
        nonBlank(library.metadata().get("Name")),
        nonBlank(library.metadata().get("Date")));
  }

  private static @Nullable String nonBlank(@Nullable String value) {
    return value == null || value.isBlank() ? null : value;
  }

  static String nfc(String s) {
    return Normalizer.normalize(s, Normalizer.Form.NFC);
  }

  /** SHA-256 of the UTF-8 bytes of {@code text}, which is already NFC. */
  static String sha256(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }

  private String libraryNames() {
    return corpus.libraries().stream().map(Library::name).toList().toString();
  }

  /**
   * A client's query (or ref) quoted for one log line: at most 80 characters of it, with newlines
   * written {@code \n} and other control characters {@code \}{@code uXXXX}, so that it can neither
   * forge a log line nor send the operator's terminal a control sequence, whatever logging set-up
   * the corpus runs under (the host's also escapes every line).
   */
  static String forLog(String s) {
    String cut = s.length() <= 80 ? s : s.substring(0, 77);
    StringBuilder out = new StringBuilder(cut.length() + 8).append('\'');
    for (int i = 0; i < cut.length(); i++) {
      char c = cut.charAt(i);
      if (c == '\n') {
        out.append("\\n");
      } else if (c == '\r') {
        out.append("\\r");
      } else if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == '\u2028' || c == '\u2029') {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.append(s.length() <= 80 ? "'" : "...'").toString();
  }

  @Override
  public void close() {
    corpus.close();
  }
}
