package org.corpusmcp.archwiki;

import static org.corpusmcp.testkit.TestContexts.json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.corpusmcp.archwiki.wiki.MediaWikiClient;
import org.corpusmcp.archwiki.wiki.ReplayTransport;

/** The recorded wiki responses in {@code ../shared/archwiki-fixtures}, read in place. */
public final class Fixtures {

  /** The recorded pages available here (two more are held back for evaluation). */
  public static final List<String> PAGES =
      List.of(
          "GRUB",
          "Installation guide",
          "Installation guide (Español)",
          "Installation guide (Français)",
          "Iwd",
          "Pacman",
          "Users and groups");

  private Fixtures() {}

  public static Path dir() {
    String shared = System.getProperty("shared.dir");
    if (shared == null) {
      throw new IllegalStateException("system property shared.dir is not set (see the root pom)");
    }
    return Path.of(shared).resolve("archwiki-fixtures");
  }

  /** A fresh client (empty caches) replaying the recorded responses. */
  public static MediaWikiClient client() {
    return new MediaWikiClient(json(), new ReplayTransport(dir(), json()));
  }

  public static ArchWiki wiki() {
    return new ArchWiki(client());
  }

  /** The recorded wikitext of a page, straight from its fixture file. */
  @SuppressWarnings("unchecked")
  public static String wikitext(String title) {
    try {
      String file = "parse_" + title.replaceAll("[^\\p{L}\\p{N}]", "_") + ".json";
      Map<String, Object> doc =
          (Map<String, Object>)
              json().parse(Files.readString(dir().resolve(file), StandardCharsets.UTF_8));
      Map<String, Object> parse = (Map<String, Object>) doc.get("parse");
      return (String) ((Map<String, Object>) parse.get("wikitext")).get("*");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @SuppressWarnings("unchecked")
  public static List<Map<String, Object>> list(Map<String, ?> result, String key) {
    return (List<Map<String, Object>>) result.get(key);
  }
}
