package org.corpusmcp.archwiki;

/**
 * JSON Schemas (2020-12) of each tool's structured result, so a client knows the evidence shape
 * without reading prose. Every evidence key the contract lists is {@code required}; extra keys are
 * allowed (for instance {@code redirected_from}, present only when the wiki followed a redirect).
 */
final class OutputSchemas {

  private static final String STRING = "{\"type\":\"string\"}";
  private static final String INTEGER = "{\"type\":\"integer\"}";
  private static final String NULLABLE_STRING = "{\"type\":[\"string\",\"null\"]}";
  private static final String NULLABLE_INTEGER = "{\"type\":[\"integer\",\"null\"]}";
  private static final String HASH = "{\"type\":\"string\",\"pattern\":\"^[0-9a-f]{64}$\"}";

  private static final String SECTION_ENTRY =
      object(
          prop("line", STRING),
          prop("anchor", STRING),
          prop("level", STRING),
          prop("toclevel", INTEGER),
          prop("number", STRING),
          prop("index", STRING),
          prop("byteoffset", NULLABLE_INTEGER),
          prop("fromtitle", STRING),
          prop("link_anchor", STRING));

  static final String SEARCH =
      object(
          prop(
              "results",
              array(
                  object(
                      prop("title", STRING),
                      prop("pageid", INTEGER),
                      prop("snippet", STRING),
                      prop("url", STRING),
                      prop("match", "{\"enum\":[\"title\",\"text\"]}")))));

  static final String PAGE =
      object(
          prop("title", STRING),
          prop("pageid", INTEGER),
          prop("revid", INTEGER),
          prop("url", STRING),
          prop("revision_url", STRING),
          prop("revision_wikitext_url", STRING),
          prop("wikitext", STRING),
          prop("wikitext_hash", HASH),
          prop("sections", array(SECTION_ENTRY)));

  static final String SECTIONS = object(prop("sections", array(SECTION_ENTRY)));

  static final String SECTION =
      object(
          prop("title", STRING),
          prop("url", STRING),
          prop("revision_url", STRING),
          prop("revision_wikitext_url", STRING),
          prop("revid", INTEGER),
          prop("timestamp", NULLABLE_STRING),
          prop("section_anchor", STRING),
          prop("section_heading", STRING),
          prop("extraction_method", "{\"const\":\"wikitext_character_offset\"}"),
          prop("content", STRING),
          prop("content_raw", STRING),
          prop("content_hash", HASH),
          prop("content_hash_cleaned", HASH));

  static final String COMMANDS =
      object(
          prop(
              "commands",
              array(
                  object(
                      prop("content", STRING),
                      prop("content_raw", STRING),
                      prop("content_hash", HASH),
                      prop("content_hash_cleaned", HASH),
                      prop(
                          "block_type",
                          "{\"enum\":[\"block_code\",\"file_content\",\"preformatted\"]}"),
                      prop(
                          "source_pattern",
                          "{\"enum\":[\"template_bc\",\"template_hc\",\"pre_tag\",\"indented_block\"]}"),
                      prop("language", NULLABLE_STRING),
                      prop("header", NULLABLE_STRING),
                      prop(
                          "placeholders",
                          "{\"type\":[\"array\",\"null\"],\"items\":{\"type\":\"string\"},"
                              + "\"minItems\":1}"),
                      prop("source_url", STRING),
                      prop("revision_url", STRING),
                      prop("revision_wikitext_url", STRING),
                      prop("revid", INTEGER)))));

  static final String WARNINGS =
      object(
          prop(
              "warnings",
              array(
                  object(
                      prop("type", "{\"enum\":[\"NOTE\",\"WARNING\",\"TIP\",\"CAUTION\"]}"),
                      prop("message", STRING),
                      prop("message_raw", STRING),
                      prop("content_hash", HASH),
                      prop("message_hash_cleaned", HASH),
                      prop("revid", INTEGER),
                      prop("alias", NULLABLE_STRING),
                      prop("alias_target", NULLABLE_STRING),
                      prop("alias_revid", NULLABLE_INTEGER),
                      prop("source_url", STRING),
                      prop("revision_url", STRING),
                      prop("revision_wikitext_url", STRING),
                      prop("alias_revision_url", NULLABLE_STRING)))));

  static final String LINKS =
      object(
          prop(
              "links",
              array(
                  object(
                      prop("target_page", STRING),
                      prop("display_text", NULLABLE_STRING),
                      prop("anchor", NULLABLE_STRING),
                      prop("source_page", STRING),
                      prop("source_url", STRING),
                      prop("revision_url", STRING),
                      prop("revision_wikitext_url", STRING),
                      prop("revid", INTEGER)))));

  static final String VERIFY =
      object(
          prop("verdict", "{\"const\":\"verified\"}"), prop("checked", INTEGER),
          prop("failed", INTEGER),
              prop(
                  "items",
                  array(
                      object(
                          prop("kind", "{\"enum\":[\"page\",\"section\",\"command\",\"warning\"]}"),
                          prop("index", INTEGER),
                          prop("revid", NULLABLE_INTEGER),
                          prop("ok", "{\"type\":\"boolean\"}"),
                          prop(
                              "checks",
                              "{\"type\":\"object\",\"additionalProperties\":{\"enum\":[\"ok\","
                                  + "\"mismatch\",\"unchecked\"]}}"),
                          prop("problems", array(STRING))))));

  private OutputSchemas() {}

  private record Prop(String name, String schema) {}

  private static Prop prop(String name, String schema) {
    return new Prop(name, schema);
  }

  private static String array(String items) {
    return "{\"type\":\"array\",\"items\":" + items + "}";
  }

  /** An object schema requiring every listed property. */
  private static String object(Prop... props) {
    StringBuilder properties = new StringBuilder();
    StringBuilder required = new StringBuilder();
    for (Prop p : props) {
      if (properties.length() > 0) {
        properties.append(',');
        required.append(',');
      }
      properties.append('"').append(p.name()).append("\":").append(p.schema());
      required.append('"').append(p.name()).append('"');
    }
    return "{\"type\":\"object\",\"properties\":{"
        + properties
        + "},\"required\":["
        + required
        + "]}";
  }
}
