package org.corpusmcp.zim.io;

import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * A window on another {@link ByteSource}; reads are shifted and bounds-checked, nothing is copied.
 */
final class SliceSource implements ByteSource {

  private final ByteSource parent;
  private final long offset;
  private final long length;

  private SliceSource(ByteSource parent, long offset, long length) {
    this.parent = parent;
    this.offset = offset;
    this.length = length;
  }

  static ByteSource of(ByteSource parent, long offset, long length) {
    Objects.checkFromIndexSize(offset, /* size= */ length, /* length= */ parent.size());
    return new SliceSource(parent, offset, length);
  }

  @Override
  public long size() {
    return length;
  }

  @Override
  public void read(long position, ByteBuffer destination) {
    Objects.checkFromIndexSize(position, destination.remaining(), length);
    parent.read(offset + position, destination);
  }

  @Override
  public ByteSource slice(long sliceOffset, long sliceLength) {
    Objects.checkFromIndexSize(sliceOffset, sliceLength, length);
    return new SliceSource(parent, offset + sliceOffset, sliceLength);
  }

  @Override
  public String toString() {
    return parent + "[" + offset + "+" + length + "]";
  }
}
