package org.corpusmcp.zim;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.corpusmcp.zim.io.ByteSource;
import org.corpusmcp.zim.io.ConcatenatedSource;
import org.corpusmcp.zim.io.FileSource;
import org.corpusmcp.zim.io.SplitParts;

/**
 * The front door: opens ZIM archives.
 *
 * <pre>{@code
 * try (Archive zim = Zim.open(Path.of("wikipedia_en_all_maxi.zim"))) {
 *   Entry e = zim.findByPath("Ray_Charles");          // null when absent
 *   byte[] html = e.content().bytes();                 // redirects followed
 * }
 * }</pre>
 *
 * <p>Opening reads a bounded number of bytes whatever the archive's size (header, MIME list, a few
 * pointers and dirents), and fails with a {@link ZimFormatException} naming the fault if any of
 * them breaks the format.
 */
public final class Zim {

  private Zim() {}

  /** Opens {@code path} with {@link ZimOptions#defaults()}. */
  public static Archive open(Path path) {
    return open(path, ZimOptions.defaults());
  }

  /**
   * Opens {@code path}. A split archive opens from its first part ({@code foo.zimaa}) or from the
   * name without suffix ({@code foo.zim}) when that file does not exist, as libzim 8 does; the
   * parts are {@code foo.zimaa}, {@code foo.zimab}, … up to the first missing name. With {@link
   * ZimOptions.Builder#embedded} the archive is read from inside a larger file, all ZIM offsets
   * relative to its start.
   *
   * @throws ZimFormatException the bytes are not a valid archive
   * @throws UncheckedIOException the file cannot be read
   */
  public static Archive open(Path path, ZimOptions options) {
    List<Path> parts = SplitParts.of(path);
    List<ByteSource> sources = new ArrayList<>(parts.size());
    try {
      for (Path p : parts) {
        sources.add(FileSource.open(p));
      }
      ByteSource source = ConcatenatedSource.of(sources);
      if (options.offset() != 0 || options.size() >= 0) {
        long size = options.size() >= 0 ? options.size() : source.size() - options.offset();
        if (options.offset() > source.size() || size > source.size() - options.offset()) {
          throw new ZimFormatException(
              ZimFault.TRUNCATED,
              path.toString(),
              options.offset(),
              "embedded archive inside " + source.size() + " bytes",
              "ends at " + (options.offset() + size));
        }
        ByteSource whole = source;
        source = new OwningSlice(whole, whole.slice(options.offset(), size));
      }
      return open(source, path.getFileName().toString(), options);
    } catch (RuntimeException | Error e) {
      for (ByteSource s : sources) {
        try {
          s.close();
        } catch (RuntimeException suppressed) {
          e.addSuppressed(suppressed);
        }
      }
      throw e;
    }
  }

  /**
   * Opens an archive from any source, e.g. pieces of a file joined with {@link ConcatenatedSource}.
   * The archive owns {@code source} and closes it. {@code name} appears in error messages. On
   * failure the source is not closed.
   */
  public static Archive open(ByteSource source, String name, ZimOptions options) {
    Archive archive = Archive.open(source, name, options);
    if (options.validate()) {
      archive.validate();
    }
    return archive;
  }

  /** A slice that closes the whole it was cut from. */
  private static final class OwningSlice implements ByteSource {
    private final ByteSource whole;
    private final ByteSource slice;

    OwningSlice(ByteSource whole, ByteSource slice) {
      this.whole = whole;
      this.slice = slice;
    }

    @Override
    public long size() {
      return slice.size();
    }

    @Override
    public void read(long position, java.nio.ByteBuffer destination) {
      slice.read(position, destination);
    }

    @Override
    public ByteSource slice(long offset, long length) {
      return slice.slice(offset, length);
    }

    @Override
    public void close() {
      whole.close();
    }

    @Override
    public String toString() {
      return slice.toString();
    }
  }
}
