package org.corpusmcp.zim.io;

import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Several sources read as one run of bytes, in order: a split archive ({@code .zimaa}, {@code
 * .zimab}, …) or an archive stored as pieces of a larger file. A read may cross any number of part
 * boundaries. Closing closes every part.
 */
public final class ConcatenatedSource implements ByteSource {

  private final ByteSource[] parts;

  /** starts[i] = position of part i; starts[parts.length] = total size. */
  private final long[] starts;

  private ConcatenatedSource(ByteSource[] parts) {
    this.parts = parts;
    this.starts = new long[parts.length + 1];
    for (int i = 0; i < parts.length; i++) {
      starts[i + 1] = Math.addExact(starts[i], parts[i].size());
    }
  }

  /** The parts, in order; an empty list gives an empty source. The parts are not copied. */
  public static ByteSource of(List<? extends ByteSource> parts) {
    if (parts.size() == 1) {
      return parts.get(0);
    }
    return new ConcatenatedSource(parts.toArray(new ByteSource[0]));
  }

  /**
   * The index of the part that holds the whole range {@code [position, position + length)}, or -1
   * when it straddles two parts (libzim then refuses direct access).
   */
  public int partHolding(long position, long length) {
    int i = partIndex(position);
    return position + length <= starts[i + 1] ? i : -1;
  }

  private int partIndex(long position) {
    int i = Arrays.binarySearch(starts, position);
    if (i < 0) {
      i = -i - 2;
    }
    while (i < parts.length - 1 && starts[i + 1] == position) {
      i++; // skip empty parts
    }
    return Math.min(i, parts.length - 1);
  }

  @Override
  public long size() {
    return starts[parts.length];
  }

  @Override
  public void read(long position, ByteBuffer destination) {
    int n = destination.remaining();
    Objects.checkFromIndexSize(position, n, size());
    if (n == 0) {
      return;
    }
    int i = partIndex(position);
    while (n > 0) {
      long inPart = position - starts[i];
      int k = (int) Math.min(n, parts[i].size() - inPart);
      if (k > 0) {
        ByteBuffer piece = destination.slice().limit(k);
        parts[i].read(inPart, piece);
        destination.position(destination.position() + k);
        position += k;
        n -= k;
      }
      i++;
    }
  }

  @Override
  public ByteSource slice(long offset, long length) {
    Objects.checkFromIndexSize(offset, /* size= */ length, /* length= */ size());
    int i = partIndex(offset);
    if (length > 0 && offset + length <= starts[i + 1]) {
      return parts[i].slice(offset - starts[i], length);
    }
    return SliceSource.of(this, offset, length);
  }

  @Override
  public void close() {
    UncheckedIOException first = null;
    for (ByteSource part : parts) {
      try {
        part.close();
      } catch (UncheckedIOException e) {
        if (first == null) {
          first = e;
        } else {
          first.addSuppressed(e);
        }
      }
    }
    if (first != null) {
      throw first;
    }
  }

  @Override
  public String toString() {
    return Arrays.toString(parts);
  }
}
