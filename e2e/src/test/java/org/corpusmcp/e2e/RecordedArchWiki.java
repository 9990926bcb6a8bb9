package org.corpusmcp.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What a local MediaWiki needs to answer like the recorded Arch wiki: the recorded pages' wikitext,
 * the template redirects and templates their warnings rely on ({@code Template:Attention} → {@code
 * Template:Warning (Français)}), and the Arch wiki's extra namespace and interwiki prefixes (which
 * decide what {@code links} leaves out), all read from the recorded responses in place.
 */
final class RecordedArchWiki {

  /** The Arch wiki's project namespace name, so {@code ArchWiki:…} links are namespaced alike. */
  static final String SITE_NAME = "ArchWiki";

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** Hand-authored in the recording, not recorded: there is no real page to reproduce. */
  private static final List<String> NOT_RECORDED =
      List.of("Nonexistent page xyz", "Transcluded example");

  final Path fixtures;

  /** Recorded title → wikitext, in file-name order. */
  final Map<String, String> pages = new LinkedHashMap<>();

  /**
   * Template title → wikitext: a redirect for each recorded redirect, a stub for each existing one.
   */
  final Map<String, String> templates = new TreeMap<>();

  RecordedArchWiki(Path fixtures) throws IOException {
    this.fixtures = fixtures;
    for (Path file : list("parse_")) {
      JsonNode parse = read(file).path("parse");
      String title = parse.path("title").asString();
      if (!parse.isMissingNode() && !NOT_RECORDED.contains(title)) {
        pages.put(title, parse.path("wikitext").path("*").asString());
      }
    }
    for (Path file : list("query_aliases_")) {
      JsonNode query = read(file).path("query");
      for (JsonNode page : query.path("pages")) {
        if (!page.has("missing")) {
          templates.putIfAbsent(page.path("title").asString(), "{{{1}}}");
        }
      }
      for (JsonNode redirect : query.path("redirects")) {
        templates.put(
            redirect.path("from").asString(),
            "#REDIRECT [[" + redirect.path("to").asString() + "]]");
      }
    }
  }

  /** Everything to import, templates first. */
  List<LocalMediaWiki.Page> importList() {
    List<LocalMediaWiki.Page> out = new ArrayList<>();
    templates.forEach((title, text) -> out.add(new LocalMediaWiki.Page(title, text)));
    pages.forEach((title, text) -> out.add(new LocalMediaWiki.Page(title, text)));
    return out;
  }

  /** LocalSettings.php lines: the recorded wiki's namespaces beyond MediaWiki's own. */
  String extraSettings() throws IOException {
    StringBuilder php = new StringBuilder();
    for (JsonNode ns : siteinfo().path("namespaces")) {
      int id = ns.path("id").asInt();
      if (id >= 100) {
        php.append("$wgExtraNamespaces[")
            .append(id)
            .append("] = '")
            .append(ns.path("*").asString().replace(' ', '_'))
            .append("';\n");
      }
    }
    return php.toString();
  }

  /** SQL that makes the interwiki table the recorded wiki's. */
  String interwikiSql() throws IOException {
    StringBuilder sql = new StringBuilder("DELETE FROM interwiki;\n");
    for (JsonNode entry : siteinfo().path("interwikimap")) {
      sql.append(
              "INSERT INTO interwiki (iw_prefix, iw_url, iw_api, iw_wikiid, iw_local, iw_trans)"
                  + " VALUES ('")
          .append(entry.path("prefix").asString().replace("'", "''"))
          .append("', '")
          .append(entry.path("url").asString().replace("'", "''"))
          .append("', '', '', 0, 0);\n");
    }
    return sql.toString();
  }

  private JsonNode siteinfo() throws IOException {
    return read(fixtures.resolve("query_siteinfo.json")).path("query");
  }

  private List<Path> list(String prefix) throws IOException {
    try (Stream<Path> files = Files.list(fixtures)) {
      return files.filter(f -> f.getFileName().toString().startsWith(prefix)).sorted().toList();
    }
  }

  private static JsonNode read(Path file) throws IOException {
    return JSON.readTree(Files.readString(file));
  }
}
