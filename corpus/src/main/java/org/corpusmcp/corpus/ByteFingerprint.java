package org.corpusmcp.corpus;

import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;
import org.corpusmcp.zim.io.ByteSource;

/**
 * A 64-bit fingerprint of a run of bytes: CRC-32C and CRC-32 side by side, so two different runs of
 * one size pass for the same with odds of about 2^-64; both are hardware-assisted on current CPUs,
 * so a fingerprint costs about what reading the bytes does.
 */
public final class ByteFingerprint {

  private static final int READ_BYTES = 64 * 1024;

  private ByteFingerprint() {}

  public static long of(ByteSource bytes) {
    long size = bytes.size();
    ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(READ_BYTES, Math.max(size, 1)));
    CRC32C crc32c = new CRC32C();
    CRC32 crc32 = new CRC32();
    for (long at = 0; at < size; ) {
      buffer.clear().limit((int) Math.min(buffer.capacity(), size - at));
      bytes.read(at, buffer);
      buffer.flip();
      crc32c.update(buffer.duplicate());
      crc32.update(buffer);
      at += buffer.limit();
    }
    return crc32c.getValue() << 32 | crc32.getValue();
  }
}
