package org.corpusmcp.corpus;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Properties;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.NIOFSDirectory;
import org.jspecify.annotations.Nullable;

/**
 * Where one kind of sidecar index of an archive lives, and how a build of it becomes visible: a
 * build writes into {@code <name>.partial} and becomes {@code <name>} by one rename only when
 * complete, with a marker naming the archive's UUID and the sidecar's format; a reader opens only a
 * directory whose marker names its archive and format, so an interrupted build is never used and a
 * new archive (a new UUID) is never served from an old index. Shared by the {@link BodyIndex} and
 * the {@link AnchorIndex}.
 */
final class SidecarDirectory {

  private final Path dir;
  private final String suffix;
  private final String markerFile;
  private final String format;

  /**
   * @param suffix appended to the archive's UUID to name its directory ("" for the body index,
   *     which came first)
   * @param markerFile the marker's file name inside a complete directory
   * @param format the sidecar's format: a marker with another one is not complete
   */
  SidecarDirectory(Path dir, String suffix, String markerFile, String format) {
    this.dir = dir;
    this.suffix = suffix;
    this.markerFile = markerFile;
    this.format = format;
  }

  Path dir() {
    return dir;
  }

  /** Where the complete sidecar of the archive {@code uuid} is, or would be. */
  Path location(String uuid) {
    return dir.resolve(uuid + suffix);
  }

  /** The marker of a complete sidecar for {@code uuid}, or null when there is none. */
  @Nullable Properties marker(String uuid) {
    Path file = location(uuid).resolve(markerFile);
    if (!Files.isRegularFile(file)) {
      return null;
    }
    Properties p = new Properties();
    try (var r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      p.load(r);
    } catch (IOException e) {
      return null;
    }
    return uuid.equals(p.getProperty("uuid")) && format.equals(p.getProperty("format")) ? p : null;
  }

  /**
   * The complete sidecar of {@code uuid} opened for reading, or null when there is none.
   *
   * @param kind what the sidecar is, for the message of one Lucene cannot read ("a body index")
   * @param mapped whether to map its files (fast for an index most searches read much of) or read
   *     them (an index a search reads a few entries of, whose touched pages would count in RSS)
   */
  @Nullable DirectoryReader open(String uuid, String kind, boolean mapped) throws IOException {
    if (marker(uuid) == null) {
      return null;
    }
    Path at = location(uuid);
    try {
      return DirectoryReader.open(mapped ? FSDirectory.open(at) : new NIOFSDirectory(at));
    } catch (IllegalArgumentException e) {
      // Lucene's word for an index it cannot read at all (a codec it does not know): as unreadable
      // as a corrupt one, and said so here, so that callers handle I/O failures alone.
      throw new IOException("not " + kind + " this version can read: " + e.getMessage(), e);
    }
  }

  /**
   * A fresh, empty directory to build the sidecar of {@code uuid} in: an old partial one is gone.
   */
  Path startBuild(String uuid) throws IOException {
    Files.createDirectories(dir);
    Path partial = partial(uuid);
    deleteTree(partial); // an interrupted build restarts from nothing
    return partial;
  }

  /**
   * Writes the marker (format and UUID added to {@code facts}) into the partial build and moves it
   * into place, replacing an older complete sidecar.
   */
  Path finishBuild(String uuid, Properties facts, String comment) throws IOException {
    Path partial = partial(uuid);
    Path target = location(uuid);
    facts.setProperty("format", format);
    facts.setProperty("uuid", uuid);
    try (var w = Files.newBufferedWriter(partial.resolve(markerFile), StandardCharsets.UTF_8)) {
      facts.store(w, comment);
    }
    deleteTree(target);
    try {
      Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(partial, target);
    }
    return target;
  }

  private Path partial(String uuid) {
    return dir.resolve(uuid + suffix + ".partial");
  }

  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    Files.walkFileTree(
        root,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            Files.delete(file);
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
            Files.delete(d);
            return FileVisitResult.CONTINUE;
          }
        });
  }
}
