package org.corpusmcp.corpus;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.api.corpus.Document;
import org.corpusmcp.api.corpus.Section;
import org.corpusmcp.api.corpus.SectionId;
import org.corpusmcp.markdown.MarkdownRenderer;
import org.corpusmcp.zim.Entry;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What {@code search} and {@code fetch} do, over an open {@link Corpus}. Results are plain JSON
 * values; refs are the only identifiers that cross to the agent, and no ZIM concept (namespace,
 * cluster, MIME type, raw HTML) appears in any output.
 */
public final class CorpusService implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(CorpusService.class);

  private final Corpus corpus;
  private final CorpusSettings settings;
  private final DocumentStore store;
  private final ExecutorService workers;
  private final FederatedSearch federated;
  /** A reply as the client receives it: the tool result's JSON text block. */
  private final Function<Map<String, Object>, String> replyText;

  /**
   * @param searchers the searcher for each library (full-text where the archive has an index)
   * @param replyText a reply as the client will receive it (the host's JSON text), so fetch's
   *     budget bounds what the client actually gets
   */
  public CorpusService(Corpus corpus, Function<Library, LibrarySearcher> searchers,
      Function<Map<String, Object>, String> replyText) {
    this.corpus = corpus;
    this.replyText = replyText;
    this.settings = corpus.settings();
    this.store = new DocumentStore(
        settings.documentCacheBytes(), settings.maxDocumentBytes(), settings.maxClusterBytes());
    AtomicInteger n = new AtomicInteger();
    this.workers = Executors.newFixedThreadPool(settings.searchWorkers(), r -> {
      Thread t = new Thread(r, "corpus-search-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
    this.federated = new FederatedSearch(corpus.libraries(), searchers, workers, settings.maxConsecutive());
  }

  public Corpus corpus() {
    return corpus;
  }

  /** search(query, limit): fused results, or a typed error. */
  public ToolResult search(String query, int limit) {
    long start = System.nanoTime();
    Query analysed = Query.of(query);
    FederatedSearch.Outcome outcome = federated.search(analysed, limit);
    List<String> terms = analysed.terms();
    List<Map<String, Object>> results = new ArrayList<>();
    // Some scrapers store a page twice under two paths (a redirect kept as a copy): one result.
    record SameText(String library, String title, Object snippet) {}
    Set<SameText> seen = new HashSet<>();
    boolean allRelaxed = true;
    for (FederatedSearch.Candidate c : outcome.candidates()) {
      if (results.size() >= limit) {
        break;
      }
      DocumentStore.Parsed parsed;
      try {
        parsed = store.load(c.library(), c.entry());
      } catch (RuntimeException e) {
        if (!ArchiveFaults.isArchiveFault(e)) {
          throw e;
        }
        outcome.failures().putIfAbsent(c.library().name(),
            "a result could not be read: " + ArchiveFaults.describe(e, c.library().name()));
        continue;
      }
      if (parsed == null) {
        continue;
      }
      Document document = parsed.document();
      Map<String, Object> result = result(c, parsed, terms);
      if (seen.add(new SameText(c.library().name(), document.title(), result.get("snippet")))) {
        alsoIn(result, outcome.copiesOf(c));
        results.add(result);
        allRelaxed &= c.relaxed();
      }
    }
    if (settings.logQueries()) {
      log.info("search {} -> {} result(s) in {} ms", abbreviate(query), results.size(),
          (System.nanoTime() - start) / 1_000_000);
    }
    if (results.isEmpty() && outcome.failures().size() == corpus.libraries().size()) {
      return ToolResult.error("search_unavailable",
          "every library failed to search: " + outcome.failures(), Map.of());
    }
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("results", results);
    if (!outcome.failures().isEmpty()) {
      List<Map<String, String>> degraded = new ArrayList<>();
      outcome.failures().forEach((library, why) -> degraded.add(Map.of("library", library, "error", why)));
      body.put("degraded", degraded);
    }
    if (results.isEmpty()) {
      body.put("notice", "No document in " + libraryNames()
          + " matches this query, even with any-word matching. Try other or fewer words.");
    } else if (allRelaxed) {
      body.put("notice", "No document matches all the words of this query; these results match"
          + " some of them (any-word matching). Check them, or try other words.");
    }
    return ToolResult.success(body);
  }

  /** Names, in the result kept, the other libraries that hold the same document (two snapshots of one wiki). */
  private static void alsoIn(Map<String, Object> kept, List<FederatedSearch.Candidate> copies) {
    if (copies.isEmpty()) {
      return;
    }
    List<Map<String, String>> also = new ArrayList<>();
    for (FederatedSearch.Candidate copy : copies) {
      also.add(Map.of("library", copy.library().name(),
          "ref", Refs.encode(copy.library().name(), copy.library().refPath(copy.entry()))));
    }
    kept.put("also_in", also);
  }

  private Map<String, Object> result(
      FederatedSearch.Candidate c, DocumentStore.Parsed parsed, List<String> terms) {
    Library library = c.library();
    Document document = parsed.document();
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("ref", Refs.encode(library.name(), library.refPath(c.entry())));
    out.put("library", library.name());
    out.put("kind", library.kind().value());
    out.put("title", document.title());
    out.put("snapshot", library.snapshot());
    out.put("snippet", Snippets.best(parsed.words(), terms));
    out.put("relevant_sections", SectionHints.of(parsed.words(), terms));
    return out;
  }

  /**
   * fetch(ref, sections): the cleaned document, or a typed error (invalid_ref, not_found,
   * section_not_found, document_too_large, archive_error).
   */
  public ToolResult fetch(String ref, List<String> sectionIds) {
    Refs.Ref decoded;
    try {
      decoded = Refs.decode(ref);
    } catch (Refs.InvalidRefException e) {
      return ToolResult.error("invalid_ref", e.getMessage());
    }
    Library library = corpus.library(decoded.library());
    if (library == null) {
      return ToolResult.error("not_found", "Document not found: no library '" + decoded.library()
          + "' is configured (libraries: " + libraryNames() + "). Use a ref from search().");
    }
    String notFound = "Document not found in " + library.name() + ": " + decoded.path();
    Entry end;
    Document document;
    try {
      Entry entry = library.entry(decoded.path());
      if (entry == null) {
        return ToolResult.error("not_found", notFound);
      }
      end = entry.resolve();
      if (!library.isDocument(end)) {
        return ToolResult.error("not_found", notFound);
      }
      DocumentStore.Parsed parsed = store.load(library, end);
      document = parsed == null ? null : parsed.document();
    } catch (DocumentTooLargeException e) {
      return ToolResult.error("document_too_large", "This document cannot be served: " + e.getMessage()
          + ". Other documents still work.");
    } catch (RuntimeException e) {
      if (!ArchiveFaults.isArchiveFault(e)) {
        throw e;
      }
      log.warn("fetch {} failed: {}", ref, e.toString());
      return ToolResult.error("archive_error", "The archive of " + library.name()
          + " could not deliver this document (" + ArchiveFaults.describe(e, library.name())
          + "); other documents may still work.");
    }
    if (document == null) {
      return ToolResult.error("not_found", notFound);
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
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("missing_sections", missing);
        details.put("available_sections", available(document, x -> nfc(ownMarkdown(x))));
        return ToolResult.error("section_not_found", "Section(s) " + missing + " not found in "
            + document.title() + "; choose from available_sections.", details);
      }
      chosen.removeIf(s -> isInsideAnother(s, chosen));
    }

    // Every section is returned as its own heading and body, subsections as sections of their
    // own, so a section's content and content_hash are the same however it was asked for, and
    // pieces fetched by id add up to the whole document.
    // each section's own text, rendered and normalised once: the outline's sizes and the pieces
    Map<Section, String> own = new IdentityHashMap<>();
    for (Section s : document.allSections()) {
      own.put(s, nfc(ownMarkdown(s)));
    }
    List<FetchBudget.Piece> pieces = new ArrayList<>();
    Set<SectionId> taken = new HashSet<>();
    for (Section section : chosen) {
      for (Section s : whole ? List.of(section) : subtree(section)) {
        if (taken.add(s.id())) {
          pieces.add(new FetchBudget.Piece(s.id().value(), sectionJson(s, own.get(s), -1)));
        }
      }
    }

    Map<String, Object> body = new LinkedHashMap<>();
    String canonical = Refs.encode(library.name(), library.refPath(end));
    body.put("ref", canonical);
    if (!canonical.equals(ref)) {
      body.put("requested_ref", ref);
    }
    body.put("library", library.name());
    body.put("kind", library.kind().value());
    body.put("title", document.title());
    body.put("snapshot", library.snapshot());
    body.put("archive", archiveJson(library));
    // Which rendering the content and content_hash values are: a hash is checkable again only
    // against the same rendering of the same archive.
    body.put("rendering", MarkdownRenderer.RENDERING);
    if (!document.metadata().isEmpty()) {
      body.put("metadata", document.metadata()); // e.g. a DevDocs page's source URL and licence
    }
    body.put("available_sections", available(document, own::get));
    FetchBudget.Fitted fitted = new FetchBudget(new FetchBudget.Limit(settings.maxFetchChars(), settings.maxFetchTokens()), replyText)
        .fit(body, pieces, (piece, content, fullLength) ->
            sectionJson(document.section(SectionId.of(piece.id())), content, fullLength));
    return ToolResult.success(FetchBudget.assemble(body, fitted));
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
      if (other != s && contains(other, s)) {
        return true;
      }
    }
    return false;
  }

  private static boolean contains(Section ancestor, Section s) {
    for (Section child : ancestor.children()) {
      if (child == s || contains(child, s)) {
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
  private static Map<String, Object> sectionJson(Section section, String content, int fullLength) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("id", section.id().value());
    out.put("title", section.title());
    out.put("level", section.level());
    out.put("content", content);
    out.put("content_hash", sha256(content));
    if (fullLength >= 0) {
      out.put("truncated", true);
      out.put("full_chars", fullLength);
    }
    if (!section.metadata().isEmpty()) {
      out.put("metadata", section.metadata());
    }
    return out;
  }

  /** The outline: every section's id, title, level and the size of its own text. */
  private static List<Map<String, Object>> available(Document document, Function<Section, String> ownText) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Section s : document.allSections()) {
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("id", s.id().value());
      entry.put("title", s.title());
      entry.put("level", s.level());
      entry.put("chars", ownText.apply(s).length());
      out.add(entry);
    }
    return out;
  }

  private static Map<String, Object> archiveJson(Library library) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("uuid", library.uuid());
    String name = library.metadata().get("Name");
    if (name != null && !name.isBlank()) {
      out.put("name", name);
    }
    String date = library.metadata().get("Date");
    if (date != null && !date.isBlank()) {
      out.put("date", date);
    }
    return out;
  }

  static String nfc(String s) {
    return Normalizer.normalize(s, Normalizer.Form.NFC);
  }

  /** SHA-256 of the UTF-8 bytes of {@code text}, which is already NFC. */
  static String sha256(String text) {
    try {
      return HexFormat.of().formatHex(
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }

  private String libraryNames() {
    return corpus.libraries().stream().map(Library::name).toList().toString();
  }

  private static String abbreviate(String s) {
    return s.length() <= 80 ? "'" + s + "'" : "'" + s.substring(0, 77) + "...'";
  }

  @Override
  public void close() {
    workers.shutdownNow();
    corpus.close();
  }
}
