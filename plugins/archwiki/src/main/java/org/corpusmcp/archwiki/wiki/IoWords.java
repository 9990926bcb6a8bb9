package org.corpusmcp.archwiki.wiki;

import java.io.EOFException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Locale;

/**
 * Why a file operation failed, in words for an operator. A JDK exception's own text is not shown:
 * {@code toString()} starts with a class name, and {@code getMessage()} is often just the path
 * (which the caller already names) or null. The operating system's reason ({@link
 * FileSystemException#getReason}, e.g. "Read-only file system") is plain words and is kept.
 */
public final class IoWords {

  private IoWords() {}

  /**
   * {@code permission denied}, {@code no such file or folder}, the system's reason, or a plain
   * default.
   */
  public static String reason(IOException e) {
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof NoSuchFileException) {
      return "no such file or folder";
    }
    if (e instanceof NotDirectoryException) {
      return "not a folder";
    }
    if (e instanceof FileAlreadyExistsException) {
      return "a file of that name already exists";
    }
    if (e instanceof FileSystemException fs && fs.getReason() != null) {
      return fs.getReason().toLowerCase(Locale.ROOT);
    }
    if (e instanceof EOFException) {
      return "the file ended early";
    }
    return "input/output error";
  }
}
