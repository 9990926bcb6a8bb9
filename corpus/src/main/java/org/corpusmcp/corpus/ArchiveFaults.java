package org.corpusmcp.corpus;

import java.io.UncheckedIOException;
import java.util.regex.Pattern;
import org.corpusmcp.zim.ZimFormatException;
import org.corpusmcp.zim.glass.GlassFormatException;
import org.corpusmcp.zim.search.SearchException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Says, in words a client can act on, why a library could not deliver: its archive is damaged, its
 * index is unusable, its file cannot be read (truncated or replaced while served), or something
 * unexpected happened. Never a Java class name or a stack trace; the unexpected case is logged with
 * its trace for the operator. Never a server path either: the archive is named by its library, and
 * any absolute path a reader's message carries (a read failure names its file) is replaced by "the
 * archive file"; the operator's log keeps the paths.
 */
public final class ArchiveFaults {

  private static final Logger log = LoggerFactory.getLogger(ArchiveFaults.class);

  /**
   * An absolute path in a reader's message: a slash not inside a word, ref or relative path, up to
   * the next space or quote; trailing punctuation stays outside.
   */
  private static final Pattern ABSOLUTE_PATH =
      Pattern.compile("(?<![\\w.~/-])(?:[A-Za-z]:)?[/\\\\][^\\s'\"()]*[^\\s'\"():;,.]");

  private static final Pattern JAVA_WORDS =
      Pattern.compile("[A-Z][A-Za-z]*(Exception|Error)\\b|\\b(java|javax|com|org|io)\\.[a-z]+\\.");

  private ArchiveFaults() {}

  /**
   * True for the failures a damaged or vanished archive produces while being read: the readers'
   * typed exceptions only. A JDK exception such as {@link IllegalStateException} or {@link
   * IndexOutOfBoundsException} is a bug in our code or an adapter, never evidence of damage, so it
   * is not one; calling it damage would hide the bug from the operator and mislead the client. A
   * catch that exists to survive damage rethrows whatever this refuses, so the bug reaches the
   * place that reports an internal failure (for a search: the library's task, or the call).
   */
  public static boolean isArchiveFault(Throwable t) {
    return t instanceof ZimFormatException
        || t instanceof GlassFormatException
        || t instanceof SearchException
        || t instanceof UncheckedIOException
        || t instanceof DocumentTooLargeException;
  }

  /**
   * One clause, e.g. "the archive file cannot be read: the archive file ends before offset 5 …: it
   * was truncated or replaced while open", with no server path in it.
   */
  public static String describe(@Nullable Throwable t, String library) {
    return withoutPaths(clause(t, library));
  }

  /** {@code text} with every absolute path replaced by "the archive file". */
  static String withoutPaths(String text) {
    return ABSOLUTE_PATH.matcher(text).replaceAll("the archive file");
  }

  private static String clause(@Nullable Throwable t, String library) {
    if (t instanceof DocumentTooLargeException e) {
      return e.getMessage();
    }
    UncheckedIOException io = ioCause(t);
    if (io != null) {
      String why =
          io.getCause() == null || io.getCause().getMessage() == null
              ? io.getMessage()
              : io.getCause().getMessage();
      return "the archive file cannot be read: " + why;
    }
    if (t instanceof ZimFormatException e) {
      return "the archive is damaged: " + zimFault(e, library);
    }
    if (t instanceof SearchException e) {
      return e.reason() == SearchException.Reason.CORRUPT_INDEX
          ? "the archive's full-text index is damaged: " + e.getMessage()
          : "the archive's full-text index cannot be used: " + e.getMessage();
    }
    if (t instanceof GlassFormatException e) {
      // the glass reader's own wording: a table, a block and what was wrong, never a path
      return "the archive's full-text index is damaged: " + e.getMessage();
    }
    log.error("library {} failed unexpectedly", library, t);
    return "an unexpected internal failure (logged on the server)";
  }

  /** The read failure behind {@code t} (a decoder wraps the one that cut its stream short). */
  private static @Nullable UncheckedIOException ioCause(@Nullable Throwable t) {
    for (int depth = 0; t != null && depth < 8; depth++, t = t.getCause()) {
      if (t instanceof UncheckedIOException io) {
        return io;
      }
    }
    return null;
  }

  /**
   * The fault in our words: library, offset, the rule broken, and the numbers checked, but not the
   * text of a decoder's exception, which names its classes.
   */
  private static String zimFault(ZimFormatException e, String library) {
    StringBuilder b = new StringBuilder(library); // not e.file(): the server's name for it
    if (e.offset() >= 0) {
      b.append(" @").append(e.offset());
    }
    b.append(": ").append(e.fault().description());
    if (e.expected() != null && e.actual() != null && !JAVA_WORDS.matcher(e.actual()).find()) {
      b.append(" (expected: ")
          .append(e.expected())
          .append(", actual: ")
          .append(e.actual())
          .append(')');
    }
    return b.toString();
  }
}
