package org.corpusmcp.corpus;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.corpusmcp.corpus.FetchResponse.SectionView;
import org.jspecify.annotations.Nullable;

/**
 * {@code fetch}'s reply as plain JSON values, with the output schema of that JSON beside its
 * mapping, so a field is added to both or to neither. It lives with the corpus because the fetch
 * budget measures exactly this mapping ({@link FetchReplySize}); the host writes it once, as it is.
 * Field order is the order a client reads them in; optional fields are left out, never null.
 */
public final class FetchJson {

  private FetchJson() {}

  public static final String SCHEMA =
      """
      {"type":"object",
       "properties":{
         "ref":{"type":"string"},"library":{"type":"string"},"kind":{"type":"string"},
         "title":{"type":"string"},"snapshot":{"type":"string"},
         "archive":{"type":"object","properties":{"uuid":{"type":"string"},"name":{"type":"string"},
           "date":{"type":"string"}},"required":["uuid"]},
         "rendering":{"type":"string"},
         "metadata":{"type":"object"},
         "sections":{"type":"array","items":{"type":"object",
           "properties":{"id":{"type":"string"},"title":{"type":"string"},
             "level":{"type":"integer"},"content":{"type":"string"},
             "content_hash":{"type":"string"},"metadata":{"type":"object"},
             "truncated":{"type":"boolean"},"full_chars":{"type":"integer"}},
           "required":["id","title","content","content_hash"]}},
         "available_sections":{"type":"array","items":{"type":"object",
           "properties":{"id":{"type":"string"},"title":{"type":"string"},"level":{"type":"integer"},
             "chars":{"type":"integer"}},
           "required":["id","title"]}},
         "truncated":{"type":"boolean"},
         "omitted_sections":{"type":"array","items":{"type":"string"}},
         "requested_ref":{"type":"string"}},
       "required":["ref","library","kind","title","snapshot","archive","rendering","sections",
                   "available_sections","truncated"]}""";

  /**
   * The whole reply. {@code omitted_sections}, when present, is the last member: {@link
   * FetchReplySize} adds it to a measured reply that has none.
   */
  public static Map<String, Object> of(FetchResponse reply) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("ref", reply.ref());
    putIfPresent(out, "requested_ref", reply.requestedRef());
    out.put("library", reply.library());
    out.put("kind", reply.kind());
    out.put("title", reply.title());
    out.put("snapshot", reply.snapshot());
    Map<String, Object> archive = new LinkedHashMap<>();
    archive.put("uuid", reply.archive().uuid());
    putIfPresent(archive, "name", reply.archive().name());
    putIfPresent(archive, "date", reply.archive().date());
    out.put("archive", archive);
    out.put("rendering", reply.rendering());
    if (!reply.metadata().isEmpty()) {
      out.put("metadata", reply.metadata());
    }
    List<Map<String, Object>> sections = new ArrayList<>();
    reply.sections().forEach(s -> sections.add(section(s)));
    out.put("sections", sections);
    out.put("available_sections", outline(reply.availableSections()));
    out.put("truncated", reply.truncated());
    if (!reply.omittedSections().isEmpty()) {
      out.put("omitted_sections", reply.omittedSections());
    }
    return out;
  }

  /** One section of a fetch reply. */
  static Map<String, Object> section(SectionView section) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("id", section.id());
    out.put("title", section.title());
    out.put("level", section.level());
    out.put("content", section.content());
    out.put("content_hash", section.contentHash());
    if (section.fullChars() != null) {
      out.put("truncated", true);
      out.put("full_chars", section.fullChars());
    }
    if (!section.metadata().isEmpty()) {
      out.put("metadata", section.metadata());
    }
    return out;
  }

  /** A document's outline: every section's id, title, level and size. */
  public static List<Map<String, Object>> outline(List<OutlineEntry> outline) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (OutlineEntry e : outline) {
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("id", e.id());
      entry.put("title", e.title());
      entry.put("level", e.level());
      entry.put("chars", e.chars());
      out.add(entry);
    }
    return out;
  }

  private static void putIfPresent(Map<String, Object> out, String key, @Nullable String value) {
    if (value != null) {
      out.put(key, value);
    }
  }
}
