package org.corpusmcp.zim.format;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.corpusmcp.zim.ChecksumProgress;
import org.corpusmcp.zim.ZimFault;
import org.jspecify.annotations.Nullable;

/**
 * The archive checksum (an MD5 of every byte before it, in the last 16 bytes).
 *
 * <pre>
 * Archive  --&gt; Data, Md5        Md5 --&gt; 16 bytes at checksumPos = MD5(Data), Data = [0, checksumPos)
 * </pre>
 *
 * <p>Only present when mimeListPos ≥ 80. Verifying reads every byte, so it runs only on request.
 */
public final class ChecksumVerifier {

  private static final int CHUNK = 8 << 20;

  private ChecksumVerifier() {}

  /** The stored checksum as lowercase hex, or null when the archive has none. */
  public static @Nullable String stored(ArchiveLayout layout) {
    ZimHeader h = layout.header();
    if (!h.hasChecksum()) {
      return null;
    }
    return HexFormat.of().formatHex(layout.bytes().bytes(h.checksumPos(), 16, "checksum"));
  }

  /** Recomputes the MD5 and throws a CHECKSUM fault when it differs or is absent. */
  public static void verify(ArchiveLayout layout, ChecksumProgress progress) {
    ArchiveBytes in = layout.bytes();
    String stored = stored(layout);
    if (stored == null) {
      throw in.fault(ZimFault.CHECKSUM, -1, "a checksum", "none (mimeListPos < 80)");
    }
    long end = layout.header().checksumPos();
    MessageDigest md5;
    try {
      md5 = MessageDigest.getInstance("MD5");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has MD5", e);
    }
    ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(CHUNK, Math.max(1, end)));
    long done = 0;
    while (done < end) {
      int k = (int) Math.min(buffer.capacity(), end - done);
      buffer.clear().limit(k);
      in.source().read(done, buffer);
      md5.update(buffer.array(), 0, k);
      done += k;
      progress.progress(done, end);
    }
    String computed = HexFormat.of().formatHex(md5.digest());
    if (!computed.equals(stored)) {
      throw in.fault(ZimFault.CHECKSUM, end, stored, computed);
    }
    if (end == 0) {
      progress.progress(0, 0);
    }
  }
}
