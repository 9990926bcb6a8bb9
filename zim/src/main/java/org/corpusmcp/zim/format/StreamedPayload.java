package org.corpusmcp.zim.format;

import io.airlift.compress.MalformedInputException;
import java.io.IOException;
import java.io.InputStream;
import org.corpusmcp.zim.ZimFault;
import org.corpusmcp.zim.ZimFormatException;
import org.corpusmcp.zim.io.ByteArraySource;
import org.corpusmcp.zim.io.ByteSource;

/**
 * The payload of a compressed cluster too large to decode into one buffer: each blob read decodes
 * the payload again from the start, discarding the bytes before the blob, and keeps only the blob.
 * So memory is bounded by the decoder's window and the blob itself, whatever the cluster's size;
 * the price, a decode from the start per read, is paid only by clusters over the configured limit,
 * which libzim's writer does not produce (it closes a cluster at 2 MiB unless one item is larger).
 *
 * <p>Immutable; thread-safe (each read has its own decoder).
 */
final class StreamedPayload implements ClusterPayload {

  private static final int SKIP_CHUNK = 64 * 1024;

  private final ArchiveBytes in;
  private final long clusterOffset;
  private final Decoder decoder;
  private final long maxBlobBytes;

  /** Opens a new stream of the decompressed payload, from its first byte. */
  interface Decoder {
    InputStream open() throws IOException;
  }

  StreamedPayload(ArchiveBytes in, long clusterOffset, Decoder decoder, long maxBlobBytes) {
    this.in = in;
    this.clusterOffset = clusterOffset;
    this.decoder = decoder;
    this.maxBlobBytes = maxBlobBytes;
  }

  @Override
  public ByteSource range(long from, long to) {
    if (to - from > maxBlobBytes) {
      throw in.fault(
          ZimFault.CLUSTER_TOO_LARGE,
          clusterOffset,
          "a blob of <= " + maxBlobBytes + " bytes",
          (to - from) + " bytes");
    }
    byte[] blob = new byte[(int) (to - from)];
    try (InputStream z = decoder.open()) {
      byte[] skip = new byte[(int) Math.min(SKIP_CHUNK, Math.max(1, from))];
      long left = from;
      while (left > 0) {
        int k = z.read(skip, 0, (int) Math.min(skip.length, left));
        if (k < 0) {
          throw endOfStream(from - left);
        }
        left -= k;
      }
      int filled = 0;
      while (filled < blob.length) {
        int k = z.read(blob, filled, blob.length - filled);
        if (k < 0) {
          throw endOfStream(from + filled);
        }
        filled += k;
      }
    } catch (IOException | MalformedInputException | IndexOutOfBoundsException e) {
      // the decompressors' failures on damaged input (see ClusterReader); nothing else
      throw new ZimFormatException(
          ZimFault.DECOMPRESSION,
          in.name(),
          clusterOffset,
          "a valid compressed stream",
          e.toString(),
          e);
    }
    return new ByteArraySource(blob);
  }

  private ZimFormatException endOfStream(long decoded) {
    return in.fault(
        ZimFault.DECOMPRESSION,
        clusterOffset,
        "more bytes",
        decoded + " bytes, then end of stream");
  }

  /** Only the offset table stays in memory. */
  @Override
  public long residentBytes() {
    return 0;
  }
}
