package org.corpusmcp.zim;

import java.io.InputStream;
import org.corpusmcp.zim.io.ByteSource;
import org.corpusmcp.zim.io.SourceInputStream;
import org.jspecify.annotations.Nullable;

/**
 * The content of an item: a run of bytes whose {@linkplain #size() size} is known before any of it
 * is read. Reading it again gives the same bytes. A blob from a compressed cluster holds that
 * cluster's decompressed bytes in memory for as long as the blob is reachable; one from an
 * uncompressed cluster reads the archive directly. Immutable and thread-safe.
 */
public final class Blob {

  private final ByteSource bytes;
  private final boolean direct;

  Blob(ByteSource bytes, boolean direct) {
    this.bytes = bytes;
    this.direct = direct;
  }

  /** Size in bytes. */
  public long size() {
    return bytes.size();
  }

  /** The whole content in a new array; throws {@link IllegalStateException} above 2 GiB − 16. */
  public byte[] bytes() {
    if (bytes.size() > Integer.MAX_VALUE - 16) {
      throw new IllegalStateException(
          "blob of " + bytes.size() + " bytes does not fit an array; use source()");
    }
    return bytes.readBytes(0, (int) bytes.size());
  }

  /** The content as UTF-8 text. */
  public String text() {
    return new String(bytes(), java.nio.charset.StandardCharsets.UTF_8);
  }

  /** The content as a positional source (no copy); valid while the archive is open. */
  public ByteSource source() {
    return bytes;
  }

  /**
   * The content as an archive slice when its cluster is stored uncompressed (libzim's "direct
   * access"), else null. Glass databases inside an archive are read through this.
   */
  public @Nullable ByteSource directSource() {
    return direct ? bytes : null;
  }

  /** A new stream over the content; it needs no closing beyond what the archive holds. */
  public InputStream openStream() {
    return new SourceInputStream(bytes);
  }
}
