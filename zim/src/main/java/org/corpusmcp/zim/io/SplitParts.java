package org.corpusmcp.zim.io;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The files a ZIM archive is read from: one file, or the parts of a split archive. A split archive
 * is named by its first part ({@code foo.zimaa}) or by the name without suffix ({@code foo.zim})
 * when that file does not exist; its parts are {@code foo.zimaa}, {@code foo.zimab}, … up to the
 * first missing name, as libzim reads them.
 *
 * <p>One rule for the reader and for anyone who must vet the files before they are opened (a server
 * that keeps archives inside a root checks every part, not only the named one).
 */
public final class SplitParts {

  private SplitParts() {}

  /** The files {@code path} stands for, in reading order; {@code [path]} when it is not split. */
  public static List<Path> of(Path path) {
    String name = path.getFileName().toString();
    Path base = null;
    if (name.endsWith(".zimaa")) {
      base = path.resolveSibling(name.substring(0, name.length() - 2));
    } else if (!Files.exists(path) && Files.exists(path.resolveSibling(name + "aa"))) {
      base = path;
    }
    if (base == null) {
      return List.of(path);
    }
    List<Path> parts = new ArrayList<>();
    String b = base.getFileName().toString();
    for (char first = 'a'; first <= 'z'; first++) {
      for (char second = 'a'; second <= 'z'; second++) {
        Path p = base.resolveSibling(b + first + second);
        if (!Files.exists(p)) {
          return parts;
        }
        parts.add(p);
      }
    }
    return parts;
  }
}
