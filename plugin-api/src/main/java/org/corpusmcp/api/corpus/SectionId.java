package org.corpusmcp.api.corpus;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The server-side id of a section, as agents pass it to {@code fetch(ref, sections)}.
 *
 * <p>Ids are compared exactly: {@code "History"} and {@code "history"} are two different sections,
 * because wikis allow both anchors on one page. The lead section (the text before the first
 * heading) is always {@link #LEAD}, the empty id. Articles use the wiki's own heading anchors
 * ({@code "Early_life_and_education"}); an adapter for another family names its own (the Stack
 * Exchange adapter uses {@code question}, {@code accepted-answer} and {@code answer-<id>}).
 *
 * <p>An id is at most {@value #MAX_LENGTH} characters and contains no control characters; apart
 * from that any text is allowed (anchors may hold {@code :}, {@code –}, {@code (} or Cyrillic).
 * {@link #of} throws for an invalid id; {@link #tryParse} returns null instead (use it for ids that
 * come from an agent).
 */
public final class SectionId implements Comparable<SectionId> {

  /** Longest id accepted. MediaWiki anchors are bounded by the 255-byte title limit. */
  public static final int MAX_LENGTH = 512;

  /** The lead section: the text between the title and the first heading. */
  public static final SectionId LEAD = new SectionId("");

  private final String value;

  private SectionId(String value) {
    this.value = value;
  }

  /**
   * The id with this exact text.
   *
   * @throws IllegalArgumentException if it is longer than {@value #MAX_LENGTH} characters or
   *     contains a control character
   */
  public static SectionId of(String value) {
    Objects.requireNonNull(value, "value");
    String problem = problem(value);
    if (problem != null) {
      throw new IllegalArgumentException("invalid section id: " + problem);
    }
    return value.isEmpty() ? LEAD : new SectionId(value);
  }

  /** The id with this text, or {@code null} when it is not a valid id (see {@link #of}). */
  public static @Nullable SectionId tryParse(@Nullable String value) {
    if (value == null || problem(value) != null) {
      return null;
    }
    return value.isEmpty() ? LEAD : new SectionId(value);
  }

  /** The id text, exactly as agents see it. */
  public String value() {
    return value;
  }

  /** True for the lead section's empty id. */
  public boolean isLead() {
    return value.isEmpty();
  }

  @Override
  public boolean equals(@Nullable Object o) {
    return o instanceof SectionId other && other.value.equals(value);
  }

  @Override
  public int hashCode() {
    return value.hashCode();
  }

  /** Orders by the id text, UTF-16 code unit by code unit (as {@link String#compareTo}). */
  @Override
  public int compareTo(SectionId o) {
    return value.compareTo(o.value);
  }

  /** The id text (so string templates and logs show what agents see). */
  @Override
  public String toString() {
    return value;
  }

  private static @Nullable String problem(String value) {
    if (value.length() > MAX_LENGTH) {
      return "longer than " + MAX_LENGTH + " characters (" + value.length() + ")";
    }
    for (int i = 0; i < value.length(); i++) {
      if (Character.isISOControl(value.charAt(i))) {
        return "control character U+"
            + String.format("%04X", (int) value.charAt(i))
            + " at index "
            + i;
      }
    }
    return null;
  }
}
