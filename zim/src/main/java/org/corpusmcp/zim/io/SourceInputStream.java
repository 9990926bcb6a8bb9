package org.corpusmcp.zim.io;

import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * A run of a {@link ByteSource}, {@code [from, to)}, read in order as an {@link InputStream}: what
 * stream decoders (xz, zstd) and callers that copy a blob need. Nothing is buffered or copied
 * beyond the caller's array, so many streams can share one source. Reads fail as the source's do
 * ({@link java.io.UncheckedIOException}); closing does nothing. Not thread-safe, as streams are
 * not.
 *
 * <p>Example: over a 10-byte source, {@code new SourceInputStream(source, 4, 7)} gives bytes 4, 5
 * and 6, then -1.
 */
public final class SourceInputStream extends InputStream {

  private final ByteSource source;
  private final long end;
  private long position;

  /** The bytes of {@code source} from {@code from} up to, not including, {@code to}. */
  public SourceInputStream(ByteSource source, long from, long to) {
    Objects.checkFromToIndex(from, to, source.size());
    this.source = source;
    this.position = from;
    this.end = to;
  }

  /** The whole of {@code source}. */
  public SourceInputStream(ByteSource source) {
    this(source, 0, source.size());
  }

  @Override
  public int read() {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
  }

  @Override
  public int read(byte[] b, int off, int len) {
    Objects.checkFromIndexSize(off, len, b.length);
    if (len == 0) {
      return 0;
    }
    if (position >= end) {
      return -1;
    }
    int k = (int) Math.min(len, end - position);
    source.read(position, ByteBuffer.wrap(b, off, k));
    position += k;
    return k;
  }

  @Override
  public long skip(long n) {
    long k = Math.max(0, Math.min(n, end - position));
    position += k;
    return k;
  }

  @Override
  public int available() {
    return (int) Math.min(Integer.MAX_VALUE, end - position);
  }
}
