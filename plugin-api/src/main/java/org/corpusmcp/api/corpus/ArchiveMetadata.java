package org.corpusmcp.api.corpus;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * An archive's {@code M/} metadata text values, keyed by name without the namespace ({@code
 * "Scraper"}, {@code "Name"}, {@code "Flavour"}, {@code "Tags"}, {@code "Language"}, {@code
 * "Creator"}, {@code "Publisher"}, {@code "Title"}, {@code "Date"}…), for {@link
 * CorpusAdapter#detect}. The host passes every text value the archive has; old archives (e.g. 2015
 * Wikipedia) lack {@code Scraper}, {@code Name} and {@code Tags}, so detection must cope with
 * absent keys.
 *
 * @param values key → value; copied, iterated in key order
 */
public record ArchiveMetadata(Map<String, String> values) {

  public ArchiveMetadata {
    values = Collections.unmodifiableMap(new TreeMap<>(values));
  }

  /** Metadata with these values. */
  public static ArchiveMetadata of(Map<String, String> values) {
    return new ArchiveMetadata(values);
  }

  /** The value for {@code key}, or {@code null} when the archive lacks it. */
  public @Nullable String get(String key) {
    return values.get(key);
  }

  /** The value for {@code key}, or {@code ""} when absent. */
  public String getOrEmpty(String key) {
    String value = values.get(key);
    return value == null ? "" : value;
  }

  /** {@code M/Scraper}, e.g. {@code "mwoffliner 1.9.6"}, {@code "sotoki v3.0.2"}; "" if absent. */
  public String scraper() {
    return getOrEmpty("Scraper");
  }

  /** {@code M/Name}, e.g. {@code "wikipedia_en_ray_charles"}; "" if absent. */
  public String name() {
    return getOrEmpty("Name");
  }

  /** {@code M/Flavour}, e.g. {@code "maxi"}, {@code "nopic"}; "" if absent. */
  public String flavour() {
    return getOrEmpty("Flavour");
  }

  /** {@code M/Language}, ISO 639-3 codes such as {@code "eng"}; "" if absent. */
  public String language() {
    return getOrEmpty("Language");
  }

  /** {@code M/Tags} split on {@code ;}, trimmed, blanks dropped, in archive order. */
  public List<String> tags() {
    return Arrays.stream(getOrEmpty("Tags").split(";"))
        .map(String::trim)
        .filter(t -> !t.isEmpty())
        .toList();
  }
}
