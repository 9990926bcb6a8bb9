package org.corpusmcp.zim.format;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.corpusmcp.zim.ZimFault;
import org.corpusmcp.zim.ZimFormatException;
import org.corpusmcp.zim.io.ByteSource;

/**
 * The archive's bytes, with its name, read as little-endian unsigned numbers. Every read outside
 * the archive becomes a {@link ZimFormatException} with fault {@link ZimFault#TRUNCATED} naming the
 * structure that was being read, never an {@link IndexOutOfBoundsException}. Immutable and
 * thread-safe.
 */
public final class ArchiveBytes {

  private final ByteSource source;
  private final String name;

  public ArchiveBytes(ByteSource source, String name) {
    this.source = source;
    this.name = name;
  }

  public ByteSource source() {
    return source;
  }

  public String name() {
    return name;
  }

  public long size() {
    return source.size();
  }

  /** A fault at {@code offset} with numbers to compare. */
  public ZimFormatException fault(ZimFault fault, long offset, Object expected, Object actual) {
    return new ZimFormatException(
        fault, name, offset, String.valueOf(expected), String.valueOf(actual));
  }

  /** A fault at {@code offset} without numbers. */
  public ZimFormatException fault(ZimFault fault, long offset) {
    return new ZimFormatException(fault, name, offset, null, null);
  }

  /** Throws TRUNCATED unless {@code [offset, offset + length)} lies inside the archive. */
  public void requireInside(long offset, long length, String what) {
    if (offset < 0 || length < 0 || offset > source.size() - length) {
      throw new ZimFormatException(
          ZimFault.TRUNCATED,
          name,
          offset,
          what + " ending <= " + source.size(),
          offset < 0 || length < 0 ? "negative" : Long.toUnsignedString(offset + length));
    }
  }

  /** Reads {@code length} bytes at {@code offset} into a little-endian buffer. */
  public ByteBuffer read(long offset, int length, String what) {
    requireInside(offset, length, what);
    ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
    source.read(offset, b);
    return b.flip();
  }

  /** Reads {@code length} bytes at {@code offset}. */
  public byte[] bytes(long offset, int length, String what) {
    requireInside(offset, length, what);
    return source.readBytes(offset, length);
  }

  public int u8(long offset, String what) {
    return read(offset, 1, what).get() & 0xFF;
  }

  public long u32(long offset, String what) {
    return read(offset, 4, what).getInt() & 0xFFFF_FFFFL;
  }

  /** An unsigned 64-bit number; values above {@link Long#MAX_VALUE} come back negative. */
  public long u64(long offset, String what) {
    return read(offset, 8, what).getLong();
  }
}
