package org.corpusmcp.zim.io;

import java.io.Closeable;
import java.nio.ByteBuffer;

/**
 * Positional, thread-safe reads from an immutable run of bytes: a file, a part of a file (an
 * embedded archive), several files in a row (a split archive), or an array in a test. Decoders
 * never open files themselves; they read through this interface, and a {@link #slice} hands a
 * sub-range (a cluster, an embedded Xapian database) to the next decoder without copying.
 *
 * <p>Implementations must allow any number of threads to call {@link #read} at once.
 */
public interface ByteSource extends Closeable {

  /** The number of bytes in this source. */
  long size();

  /**
   * Fills {@code destination} from its position to its limit with the bytes starting at {@code
   * position}. Throws {@link java.io.UncheckedIOException} when the underlying storage fails and
   * {@link IndexOutOfBoundsException} when the range leaves the source.
   */
  void read(long position, ByteBuffer destination);

  /** A view of {@code length} bytes starting at {@code offset}; closing it does nothing. */
  ByteSource slice(long offset, long length);

  /** Convenience: {@code length} bytes at {@code position} in a fresh array. */
  default byte[] readBytes(long position, int length) {
    byte[] out = new byte[length];
    read(position, ByteBuffer.wrap(out));
    return out;
  }

  @Override
  default void close() {}
}
