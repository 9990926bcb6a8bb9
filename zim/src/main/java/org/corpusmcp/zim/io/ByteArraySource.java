package org.corpusmcp.zim.io;

import java.nio.ByteBuffer;
import java.util.Objects;

/** A {@link ByteSource} over an array: the in-memory twin used by tests and tiny archives. */
public final class ByteArraySource implements ByteSource {

  private final byte[] bytes;
  private final int offset;
  private final int length;

  public ByteArraySource(byte[] bytes) {
    this(bytes, 0, bytes.length);
  }

  private ByteArraySource(byte[] bytes, int offset, int length) {
    this.bytes = Objects.requireNonNull(bytes);
    this.offset = offset;
    this.length = length;
  }

  @Override
  public long size() {
    return length;
  }

  @Override
  public void read(long position, ByteBuffer destination) {
    int n = destination.remaining();
    Objects.checkFromIndexSize(position, n, length);
    destination.put(bytes, offset + (int) position, n);
  }

  @Override
  public ByteSource slice(long sliceOffset, long sliceLength) {
    Objects.checkFromIndexSize(sliceOffset, sliceLength, length);
    return new ByteArraySource(bytes, offset + (int) sliceOffset, (int) sliceLength);
  }
}
