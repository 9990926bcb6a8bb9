package org.corpusmcp.zim;

import org.jspecify.annotations.Nullable;

/**
 * The archive's bytes break a rule of the ZIM format. This is never the caller's mistake (unlike
 * {@link IllegalArgumentException}); it names the {@linkplain #fault() fault}, the {@linkplain
 * #file() file}, the {@linkplain #offset() archive offset} where it was found, and, when a number
 * was checked, what was expected and what was found.
 *
 * <p>Example message: {@code wikipedia.zim @32: dirent pointer table outside (or not fully inside)
 * ZIM file (expected: end <= 41155, actual: 41197)}.
 */
public class ZimFormatException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final ZimFault fault;
  private final String file;
  private final long offset;
  private final @Nullable String expected;
  private final @Nullable String actual;

  public ZimFormatException(
      ZimFault fault,
      String file,
      long offset,
      @Nullable String expected,
      @Nullable String actual) {
    this(fault, file, offset, expected, actual, null);
  }

  public ZimFormatException(
      ZimFault fault,
      String file,
      long offset,
      @Nullable String expected,
      @Nullable String actual,
      @Nullable Throwable cause) {
    super(message(fault, file, offset, expected, actual), cause);
    this.fault = fault;
    this.file = file;
    this.offset = offset;
    this.expected = expected;
    this.actual = actual;
  }

  private static String message(
      ZimFault fault,
      String file,
      long offset,
      @Nullable String expected,
      @Nullable String actual) {
    StringBuilder b = new StringBuilder(file);
    if (offset >= 0) {
      b.append(" @").append(offset);
    }
    b.append(": ").append(fault.description());
    if (expected != null || actual != null) {
      b.append(" (expected: ").append(expected).append(", actual: ").append(actual).append(')');
    }
    return b.toString();
  }

  /** Which rule was broken. */
  public ZimFault fault() {
    return fault;
  }

  /** The archive's name as given to {@link Zim#open}. */
  public String file() {
    return file;
  }

  /** The archive offset of the faulty structure, or -1 when it has none. */
  public long offset() {
    return offset;
  }

  /** What the rule required, in words or as a number; null when no number was checked. */
  public @Nullable String expected() {
    return expected;
  }

  /** What the archive holds instead; null when no number was checked. */
  public @Nullable String actual() {
    return actual;
  }
}
