package org.corpusmcp.corpus;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A fetch reply: the document's provenance, the sections that fit the budget, its whole outline,
 * and which sections were left out.
 *
 * @param requestedRef the ref as asked for, when it differs from the canonical {@code ref} (a
 *     redirect), else null
 * @param rendering which rendering the sections' content and hashes are, so a hash stays checkable
 *     after an upgrade
 * @param metadata the document's own plain JSON values (e.g. a DevDocs page's source URL)
 * @param truncated true when a section was cut or left out
 */
public record FetchResponse(
    String ref,
    @Nullable String requestedRef,
    String library,
    String kind,
    String title,
    String snapshot,
    ArchiveInfo archive,
    String rendering,
    Map<String, Object> metadata,
    List<SectionView> sections,
    List<OutlineEntry> availableSections,
    boolean truncated,
    List<String> omittedSections) {

  /** The same reply with these sections. */
  FetchResponse withSections(List<SectionView> kept, boolean cut, List<String> omitted) {
    return new FetchResponse(
        ref,
        requestedRef,
        library,
        kind,
        title,
        snapshot,
        archive,
        rendering,
        metadata,
        kept,
        availableSections,
        cut,
        omitted);
  }

  /** The archive a document came from: its uuid always, its own name and date when it has them. */
  public record ArchiveInfo(String uuid, @Nullable String name, @Nullable String date) {}

  /**
   * One section as returned: its heading and own text (subsections are sections of their own).
   *
   * @param contentHash SHA-256 of {@code content}'s UTF-8 bytes, the same however it was fetched
   * @param fullChars the length of the whole section when {@code content} is a cut part of it
   * @param metadata the section's own plain JSON values; usually empty
   */
  public record SectionView(
      String id,
      String title,
      int level,
      String content,
      String contentHash,
      @Nullable Integer fullChars,
      Map<String, Object> metadata) {

    /** True when {@code content} is only the first part of the section. */
    public boolean truncated() {
      return fullChars != null;
    }
  }
}
