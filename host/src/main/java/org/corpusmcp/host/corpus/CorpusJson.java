package org.corpusmcp.host.corpus;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.corpus.FetchJson;
import org.corpusmcp.corpus.LibraryReport;
import org.corpusmcp.corpus.OutlineEntry;
import org.corpusmcp.corpus.Reply;
import org.corpusmcp.corpus.SearchResult;
import org.corpusmcp.corpus.SearchResult.LibraryFailure;
import org.corpusmcp.corpus.SearchResult.RankedResult;
import org.corpusmcp.host.tools.NearestName;
import org.jspecify.annotations.Nullable;

/**
 * The corpus's replies as the client sees them: each record mapped to JSON, with the output schema
 * of that JSON beside its mapping, so a field is added to both or to neither ({@code
 * CorpusJsonTest} checks every mapped reply on real archives against its schema). Field order is
 * the order a client reads them in; optional fields are left out, never null. {@code fetch}'s reply
 * is mapped by the corpus ({@link FetchJson}), whose fetch budget measures that very JSON.
 */
public final class CorpusJson {

  private CorpusJson() {}

  /** {@code search}'s reply. */
  public static final String SEARCH_SCHEMA =
      """
      {"type":"object",
       "properties":{
         "results":{"type":"array","items":{"type":"object",
           "properties":{
             "ref":{"type":"string"},"library":{"type":"string"},"kind":{"type":"string"},
             "title":{"type":"string"},"snapshot":{"type":"string"},"snippet":{"type":"string"},
             "relevant_sections":{"type":"array","maxItems":3,"items":{"type":"object",
               "properties":{"id":{"type":"string"},"title":{"type":"string"}},
               "required":["id","title"]}},
             "also_in":{"type":"array","items":{"type":"object",
               "properties":{"library":{"type":"string"},"ref":{"type":"string"}},
               "required":["library","ref"]}},
             "unmatched_words":{"type":"array","items":{"type":"string"}}},
           "required":["ref","library","kind","title","snapshot","snippet","relevant_sections"]}},
         "degraded":{"type":"array","items":{"type":"object",
           "properties":{"library":{"type":"string"},"error":{"type":"string"}}}},
         "corrected":{"type":"object",
           "properties":{"query":{"type":"string"},"original":{"type":"string"},
             "words":{"type":"object","additionalProperties":{"type":"string"}},
             "notice":{"type":"string"}},
           "required":["query","original","words","notice"]},
         "missing_words":{"type":"array","items":{"type":"string"}},
         "notice":{"type":"string"}},
       "required":["results"]}""";

  public static Map<String, Object> search(SearchResult reply) {
    Map<String, Object> out = new LinkedHashMap<>();
    List<Map<String, Object>> results = new ArrayList<>();
    reply.results().forEach(hit -> results.add(hit(hit)));
    out.put("results", results);
    if (reply.corrected() != null) {
      SearchResult.Correction c = reply.corrected();
      Map<String, Object> corrected = ordered("query", c.query(), "original", c.original());
      corrected.put("words", c.words());
      corrected.put("notice", c.notice());
      out.put("corrected", corrected);
    }
    if (!reply.missingWords().isEmpty()) {
      out.put("missing_words", reply.missingWords());
    }
    if (!reply.degraded().isEmpty()) {
      List<Map<String, Object>> degraded = new ArrayList<>();
      for (LibraryFailure f : reply.degraded()) {
        degraded.add(ordered("library", f.library(), "error", f.error()));
      }
      out.put("degraded", degraded);
    }
    putIfPresent(out, "notice", reply.notice());
    return out;
  }

  private static Map<String, Object> hit(RankedResult hit) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("ref", hit.ref());
    out.put("library", hit.library());
    out.put("kind", hit.kind());
    out.put("title", hit.title());
    out.put("snapshot", hit.snapshot());
    out.put("snippet", hit.snippet());
    List<Map<String, Object>> hints = new ArrayList<>();
    hit.relevantSections().forEach(h -> hints.add(ordered("id", h.id(), "title", h.title())));
    out.put("relevant_sections", hints);
    if (!hit.alsoIn().isEmpty()) {
      List<Map<String, Object>> copies = new ArrayList<>();
      hit.alsoIn()
          .forEach(copy -> copies.add(ordered("library", copy.library(), "ref", copy.ref())));
      out.put("also_in", copies);
    }
    if (!hit.unmatchedWords().isEmpty()) {
      out.put("unmatched_words", hit.unmatchedWords());
    }
    return out;
  }

  /** One library in {@code corpus validate}'s report. */
  public static final String LIBRARY_REPORT_SCHEMA =
      """
      {"type":"object",
       "properties":{
         "name":{"type":"string"},"adapter":{"type":"string"},"kind":{"type":"string"},
         "snapshot":{"type":"string"},"uuid":{"type":"string"},"path":{"type":"string"},
         "title":{"type":"string"},"archive_name":{"type":"string"},"language":{"type":"string"},
         "date":{"type":"string"},"scraper":{"type":"string"},"flavour":{"type":"string"},
         "entries":{"type":"integer"},"fulltext_index":{"type":"boolean"},
         "title_index":{"type":"boolean"},"valid":{"type":"boolean"},
         "faults":{"type":"array","items":{"type":"object",
           "properties":{"fault":{"type":"string"},"offset":{"type":"integer"},"message":{"type":"string"}},
           "required":["fault","offset","message"]}},
         "body_index":{"type":["string","null"]},"body_index_hint":{"type":"string"}},
       "required":["name","adapter","kind","snapshot","uuid","path","entries","fulltext_index",
                   "title_index","valid","faults"]}""";

  public static Map<String, Object> libraryReport(LibraryReport report) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("name", report.name());
    out.put("adapter", report.adapter());
    out.put("kind", report.kind());
    out.put("snapshot", report.snapshot());
    out.put("uuid", report.uuid());
    out.put("path", report.path());
    putIfPresent(out, "title", report.title());
    putIfPresent(out, "archive_name", report.archiveName());
    putIfPresent(out, "language", report.language());
    putIfPresent(out, "date", report.date());
    putIfPresent(out, "scraper", report.scraper());
    putIfPresent(out, "flavour", report.flavour());
    out.put("entries", report.entries());
    out.put("fulltext_index", report.fulltextIndex());
    out.put("title_index", report.titleIndex());
    out.put("valid", report.valid());
    List<Map<String, Object>> faults = new ArrayList<>();
    for (LibraryReport.Fault f : report.faults()) {
      Map<String, Object> fault = ordered("fault", f.fault(), "offset", f.offset());
      fault.put("message", f.message());
      faults.add(fault);
    }
    out.put("faults", faults);
    return out;
  }

  /** A corpus reply as a tool result: its mapped value, or the failure with its details. */
  public static <T> ToolResult toolResult(
      Reply<T> reply, Function<T, Map<String, Object>> mapping) {
    if (reply instanceof Reply.Ok<T> ok) {
      return ToolResult.success(mapping.apply(ok.value()));
    }
    Reply.Failed<T> failed = (Reply.Failed<T>) reply;
    Reply.MissingSections missing = failed.missing();
    if (missing == null) {
      return ToolResult.error(failed.code(), failed.message());
    }
    Map<String, String> guesses = nearestSections(missing);
    StringBuilder message = new StringBuilder(failed.message());
    guesses.forEach(
        (asked, id) ->
            message
                .append(" Did you mean '")
                .append(id)
                .append("' for '")
                .append(asked)
                .append("'?"));
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("missing_sections", missing.missingSections());
    if (!guesses.isEmpty()) {
      details.put("did_you_mean", guesses);
    }
    details.put("available_sections", FetchJson.outline(missing.availableSections()));
    return ToolResult.error(failed.code(), message.toString(), details);
  }

  /**
   * For each missing section id, the id of the section it probably meant: a near spelling of an id,
   * or of a section's title (agents often pass "Early life" for {@code Early_life}). The document's
   * own top section is left out: its id is empty, so every one-letter id would look like a slip of
   * it.
   */
  private static Map<String, String> nearestSections(Reply.MissingSections missing) {
    Map<String, String> idByName = new LinkedHashMap<>();
    for (OutlineEntry e : missing.availableSections()) {
      if (!e.id().isEmpty()) {
        idByName.putIfAbsent(e.id(), e.id());
      }
    }
    for (OutlineEntry e : missing.availableSections()) {
      if (!e.id().isEmpty()) {
        idByName.putIfAbsent(e.title(), e.id());
      }
    }
    Map<String, String> guesses = new LinkedHashMap<>();
    for (String asked : missing.missingSections()) {
      String name = NearestName.closest(asked, idByName.keySet());
      if (name != null) {
        guesses.put(asked, idByName.get(name));
      }
    }
    return guesses;
  }

  private static Map<String, Object> ordered(String k1, Object v1, String k2, Object v2) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put(k1, v1);
    out.put(k2, v2);
    return out;
  }

  private static void putIfPresent(Map<String, Object> out, String key, @Nullable String value) {
    if (value != null) {
      out.put(key, value);
    }
  }
}
