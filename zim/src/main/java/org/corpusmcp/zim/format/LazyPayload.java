package org.corpusmcp.zim.format;

import java.io.IOException;
import java.io.InputStream;
import org.corpusmcp.zim.ZimFault;
import org.corpusmcp.zim.ZimFormatException;
import org.corpusmcp.zim.io.ByteArraySource;
import org.corpusmcp.zim.io.ByteSource;
import org.jspecify.annotations.Nullable;

/**
 * The decompressed payload of one compressed cluster, decoded only as far as someone has asked
 * (as libzim does): reading blob 3 of 200 decompresses up to the end of blob 3, and a later read
 * of blob 150 resumes the same stream. Decoded bytes never change, so a range handed out stays
 * valid when the buffer later grows into a new array.
 *
 * <p>Thread-safe: decoding is serialised on this object; reads of ranges already decoded take no
 * lock (the buffer and the decoded length are published through volatile fields). A decoding
 * error is remembered and thrown to every later request that needs bytes past it.
 */
final class LazyPayload {

  private static final int FIRST_CHUNK = 256 * 1024;

  private final ArchiveBytes in;
  private final long clusterOffset;
  private final int total;
  private volatile byte[] buffer;
  private volatile int filled;
  private @Nullable InputStream decoder;
  private @Nullable ZimFormatException failure;

  /**
   * @param head the bytes already decoded (the offset table)
   * @param total the payload's full size, from the last offset
   */
  LazyPayload(ArchiveBytes in, long clusterOffset, InputStream decoder, byte[] head, int total) {
    this.in = in;
    this.clusterOffset = clusterOffset;
    this.total = total;
    this.decoder = decoder;
    byte[] b = java.util.Arrays.copyOf(head, Math.min(total, Math.max(head.length, FIRST_CHUNK)));
    this.buffer = b;
    this.filled = head.length;
    if (head.length == total) {
      finish();
    }
  }

  int total() {
    return total;
  }

  /** Bytes {@code [from, to)} of the payload, decoding as far as needed. */
  ByteSource range(long from, long to) {
    if (to > filled) {
      ensure((int) to);
    }
    return new ByteArraySource(buffer).slice(from, to - from);
  }

  private synchronized void ensure(int upTo) {
    if (upTo <= filled) {
      return;
    }
    if (failure != null) {
      throw failure;
    }
    try {
      byte[] b = buffer;
      int f = filled;
      // Decode at least a quarter of what is left, so a scan does not resume in tiny steps.
      int target = (int) Math.min(total, Math.max(upTo, f + (total - f) / 4L));
      if (target > b.length) {
        b = java.util.Arrays.copyOf(b, (int) Math.min(total, Math.max(target, 2L * b.length)));
      }
      InputStream z = decoder;
      while (f < target) {
        int k = z == null ? -1 : z.read(b, f, b.length - f);
        if (k < 0) {
          throw in.fault(ZimFault.DECOMPRESSION, clusterOffset, total + " bytes", f + " bytes, then end of stream");
        }
        f += k;
      }
      buffer = b;
      filled = f;
      if (f == total) {
        finish();
      }
    } catch (ZimFormatException e) {
      fail(e);
      throw e;
    } catch (IOException | RuntimeException e) {
      ZimFormatException z = new ZimFormatException(ZimFault.DECOMPRESSION, in.name(), clusterOffset,
          "a valid compressed stream", e.toString(), e);
      fail(z);
      throw z;
    }
  }

  private void fail(ZimFormatException e) {
    failure = e;
    finish();
  }

  private void finish() {
    InputStream z = decoder;
    decoder = null;
    if (z != null) {
      try {
        z.close();
      } catch (IOException ignored) {
        // nothing to release beyond what close already tried
      }
    }
  }
}
