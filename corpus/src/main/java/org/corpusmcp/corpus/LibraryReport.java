package org.corpusmcp.corpus;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What {@code corpus validate} says of one library: its provenance and every structural fault of
 * its archive. The archive's own name ({@code archiveName}, e.g. "wikipedia_en_100") is kept beside
 * the library's, and each metadata value is null when the archive does not have it.
 */
public record LibraryReport(
    String name,
    String adapter,
    String kind,
    String snapshot,
    String uuid,
    String path,
    @Nullable String title,
    @Nullable String archiveName,
    @Nullable String language,
    @Nullable String date,
    @Nullable String scraper,
    @Nullable String flavour,
    int entries,
    boolean fulltextIndex,
    boolean titleIndex,
    boolean valid,
    List<Fault> faults) {

  /** One structural fault: its kind, where in the file, and what is wrong. */
  public record Fault(String fault, long offset, String message) {}
}
