package org.corpusmcp.zim.format;

import io.airlift.compress.MalformedInputException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.corpusmcp.zim.UnsupportedCompressionException;
import org.corpusmcp.zim.ZimFault;
import org.corpusmcp.zim.ZimFormatException;
import org.corpusmcp.zim.io.ByteArraySource;
import org.corpusmcp.zim.io.ByteSource;
import org.corpusmcp.zim.io.SourceInputStream;
import org.jspecify.annotations.Nullable;
import org.tukaani.xz.BasicArrayCache;
import org.tukaani.xz.XZInputStream;

/**
 * Decodes clusters (openZIM ZIM file format spec, "Clusters").
 *
 * <pre>
 * ClusterPointerList --&gt; ClusterOffset^ClusterCount      ClusterOffset --&gt; u64 archive offset
 * Cluster  --&gt; Info, Payload
 * Info     --&gt; u8: low nibble = compression (0/1 none, 4 xz, 5 zstd), bit 0x10 = extended
 * Payload  --&gt; Blobs, uncompressed or as one compressed stream
 * Blobs    --&gt; Offset^(n+1), Blob^n
 * Offset   --&gt; u32, or u64 when extended; relative to the payload start; Offset[0] = (n+1)·width
 * </pre>
 *
 * <p>Example: an uncompressed cluster {@code 01 | 0C000000 0F000000 11000000 | "abc" "de"} has
 * Offset[0] = 12 = 3·4, so two blobs: "abc" at [12, 15) and "de" at [15, 17).
 *
 * <p>Checks (libzim 9.x's, stricter than 8.1.1 which aborts on some): Offset[0] is a multiple of
 * the width, at least two widths (or exactly one for an empty cluster), implies no more blobs than
 * entries; offsets never decrease; the payload fits in the archive and within the configured
 * maximum. A compressed cluster is decompressed only as far as its last offset, so bytes after the
 * stream are never interpreted.
 *
 * <p>The configured maximum bounds every decode buffer, not the cluster: a zstd cluster that
 * regenerates more is streamed ({@link StreamedPayload}), so its entries' sizes and its small blobs
 * stay readable in a small heap, and only a single blob over the maximum is refused with {@link
 * ZimFault#CLUSTER_TOO_LARGE}. xz clusters (old archives, written at 1 MiB) are decoded whole and
 * refused over the maximum.
 *
 * <p>Stateless; thread-safe.
 */
public final class ClusterReader {

  /** libzim's lzma memory limit (128 MiB), in KiB. */
  private static final int XZ_MEMORY_LIMIT_KIB = 128 * 1024;

  private final ArchiveBytes in;
  private final ZimHeader header;
  private final long dataEnd;
  private final long maxClusterBytes;

  public ClusterReader(ArchiveBytes in, ZimHeader header, long maxClusterBytes) {
    this.in = in;
    this.header = header;
    this.dataEnd = header.dataEnd(in.size());
    this.maxClusterBytes = maxClusterBytes;
  }

  /** The archive offset of cluster {@code index}, checked as libzim's CLUSTER_PTRS check does. */
  public long clusterOffset(int index) {
    if (index < 0 || index >= header.clusterCount()) {
      throw in.fault(
          ZimFault.CLUSTER_INDEX, -1, "< " + header.clusterCount(), index & 0xFFFF_FFFFL);
    }
    long at = header.clusterPtrPos() + 8L * index;
    long offset = in.u64(at, "cluster pointer list");
    if (offset < ZimHeader.SIZE || offset > dataEnd - 1) {
      throw in.fault(
          ZimFault.CLUSTER_POINTER,
          at,
          "[" + ZimHeader.SIZE + ", " + (dataEnd - 1) + "]",
          Long.toUnsignedString(offset));
    }
    return offset;
  }

  /** {@link #clusterOffset} of a cluster, or null when its pointer is damaged. */
  public @Nullable Long clusterOffsetIfValid(int index) {
    try {
      return clusterOffset(index);
    } catch (ZimFormatException damagedPointer) {
      return null;
    }
  }

  /**
   * libzim's one cluster check at open: the last cluster starts inside the file. Any other damaged
   * cluster pointer is found when that cluster is read, and by validation.
   */
  public void requireLastClusterInsideFile() {
    if (header.clusterCount() == 0) {
      return;
    }
    long at = header.clusterPtrPos() + 8L * (header.clusterCount() - 1);
    long offset = in.u64(at, "cluster pointer list");
    if (offset < 0 || offset > in.size()) {
      throw in.fault(
          ZimFault.CLUSTER_POINTER,
          at,
          "last cluster offset <= " + in.size(),
          Long.toUnsignedString(offset));
    }
  }

  /** Whether cluster {@code index} is stored without compression (needed for direct access). */
  public boolean isUncompressed(int index) {
    long offset = clusterOffset(index);
    return compression(offset, in.u8(offset, "cluster info")) == Compression.NONE;
  }

  private Compression compression(long offset, int info) {
    Compression c = Compression.ofCode(info & 0x0F);
    if (c == null) {
      throw new UnsupportedCompressionException(in.name(), offset, info & 0x0F);
    }
    return c;
  }

  /**
   * Whether {@link #storedBytes} can find where cluster {@code index} ends without decoding it (not
   * xz); reads its info byte only.
   */
  public boolean hasKnownStoredEnd(int index) {
    long offset = clusterOffset(index);
    return compression(offset, in.u8(offset, "cluster info")) != Compression.XZ;
  }

  /**
   * The bytes of cluster {@code index} as they lie in the archive, info byte included, without
   * decoding any of it: for zstd up to the end of its last frame, uncompressed up to its last blob;
   * null for xz, whose stream end is known only once decoded. Equal stored bytes decode to equal
   * blobs, which lets a caller recognise a cluster copied between archives for the price of a read.
   */
  public @Nullable ByteSource storedBytes(int index) {
    long offset = clusterOffset(index);
    int info = in.u8(offset, "cluster info");
    Compression compression = compression(offset, info);
    long payloadStart = offset + 1;
    long end;
    if (compression == Compression.ZSTD) {
      end = ZstdFrame.walk(in, offset, payloadStart, dataEnd).end();
    } else if (compression == Compression.NONE) {
      long[] offsets = uncompressedOffsets(offset, (info & 0x10) != 0 ? 8 : 4);
      end = payloadStart + offsets[offsets.length - 1];
    } else {
      return null;
    }
    return in.source().slice(offset, end - offset);
  }

  /** Reads and decodes cluster {@code index}. */
  public Cluster read(int index) {
    long offset = clusterOffset(index);
    int info = in.u8(offset, "cluster info");
    Compression compression = compression(offset, info);
    int width = (info & 0x10) != 0 ? 8 : 4;
    long payloadStart = offset + 1;
    if (compression == Compression.NONE) {
      long[] offsets = uncompressedOffsets(offset, width);
      return new Cluster(
          in.source().slice(payloadStart, offsets[offsets.length - 1]),
          offsets,
          false,
          payloadStart);
    }
    long maxBuffer = Math.min(maxClusterBytes, Integer.MAX_VALUE - 16);
    try {
      if (compression == Compression.ZSTD) {
        return readZstd(offset, width, payloadStart, maxBuffer);
      }
      return readXz(offset, width, payloadStart, maxBuffer);
    } catch (IOException | MalformedInputException | IndexOutOfBoundsException e) {
      // what the decompressors throw on damaged input: xz an IOException, aircompressor its
      // MalformedInputException or, on a damaged Huffman table, an index past the table. Anything
      // else is a bug of ours and stays what it is.
      throw new ZimFormatException(
          ZimFault.DECOMPRESSION, in.name(), offset, compression + " stream", e.toString(), e);
    }
  }

  /** The offset table of the uncompressed cluster at {@code offset}, read in place. */
  private long[] uncompressedOffsets(long offset, int width) {
    long payloadStart = offset + 1;
    long available = dataEnd - payloadStart;
    long first = number(in.read(payloadStart, width, "cluster offsets"), width);
    int n = blobTableSize(offset, first, width, available);
    ByteBuffer table = in.read(payloadStart, n * width, "cluster offsets");
    return offsets(offset, table, n, width, available);
  }

  /**
   * A zstd cluster whose frames regenerate at most {@code maxBuffer} bytes is decoded into arrays
   * of at most that bound, only as far as the reads need ({@link ZstdPayload}; libzim's clusters
   * are about 2 MiB): its offset table first, from its first block, and each read goes on from
   * there. A larger one is streamed: its offset table is read from the first decoded bytes only,
   * and each blob is decoded on request into a buffer of its own size, so an entry's size costs the
   * table, not the cluster.
   */
  private Cluster readZstd(long offset, int width, long payloadStart, long maxBuffer)
      throws IOException {
    ZstdFrame.Frames frames = ZstdFrame.walk(in, offset, payloadStart, dataEnd);
    long bound = frames.outputBound();
    if (bound <= maxBuffer) {
      ZstdPayload payload = new ZstdPayload(in, offset, frames, (int) bound);
      byte[] head = new byte[width];
      payload.range(0, width).read(0, ByteBuffer.wrap(head));
      int n =
          blobTableSize(
              offset,
              number(ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN), width),
              width,
              available(payload, bound));
      byte[] table = new byte[n * width];
      payload.range(0, table.length).read(0, ByteBuffer.wrap(table));
      long[] offsets =
          offsets(
              offset,
              ByteBuffer.wrap(table).order(ByteOrder.LITTLE_ENDIAN),
              n,
              width,
              available(payload, bound));
      return new Cluster(payload, offsets);
    }
    try (InputStream z = ZstdFrame.stream(in, frames)) {
      long[] offsets = readTable(z, offset, width, maxBuffer, bound).offsets();
      return new Cluster(
          new StreamedPayload(in, offset, () -> ZstdFrame.stream(in, frames), maxBuffer), offsets);
    }
  }

  /**
   * How far a zstd cluster's offsets may reach: its exact size once decoded whole (a small cluster
   * is, by its table read), else its output bound; a blob past the real end then fails when read.
   */
  private static long available(ZstdPayload payload, long bound) {
    return payload.isWhole() ? payload.decodedSize() : bound;
  }

  /**
   * An xz cluster: the offset table first, then, when the payload fits {@code maxBuffer}, the rest
   * from the same stream into an array of exactly its size (known from the last offset); else it is
   * streamed as a large zstd cluster is. xz decodes concatenated streams as one.
   */
  private Cluster readXz(long offset, int width, long payloadStart, long maxBuffer)
      throws IOException {
    StreamedPayload.Decoder xz =
        () ->
            new XZInputStream(
                new SourceInputStream(in.source(), payloadStart, dataEnd),
                XZ_MEMORY_LIMIT_KIB,
                BasicArrayCache.getInstance());
    // Closing gives xz's dictionary arrays back to the shared cache for the next cluster.
    try (InputStream z = xz.open()) {
      Table table = readTable(z, offset, width, maxBuffer, Long.MAX_VALUE);
      long[] offsets = table.offsets();
      long total = offsets[offsets.length - 1];
      if (total > maxBuffer) {
        return new Cluster(new StreamedPayload(in, offset, xz, maxBuffer), offsets);
      }
      byte[] whole = java.util.Arrays.copyOf(table.bytes(), (int) total);
      readFully(z, whole, table.bytes().length, whole.length - table.bytes().length, offset);
      return new Cluster(ClusterPayload.decoded(new ByteArraySource(whole), whole.length), offsets);
    }
  }

  /** A cluster's offset table: its bytes as stored, and the offsets they hold. */
  @SuppressWarnings("ArrayRecordComponent") // a cluster's table as read; never compared
  private record Table(byte[] bytes, long[] offsets) {}

  /** The offset table from the start of a decoding stream; offsets up to {@code available}. */
  private Table readTable(InputStream z, long offset, int width, long maxTable, long available)
      throws IOException {
    byte[] head = new byte[width];
    readFully(z, head, 0, width, offset);
    long first = number(ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN), width);
    int n = blobTableSize(offset, first, width, Math.min(maxTable, available));
    byte[] table = new byte[n * width];
    System.arraycopy(head, 0, table, 0, width);
    readFully(z, table, width, table.length - width, offset);
    return new Table(
        table,
        offsets(
            offset, ByteBuffer.wrap(table).order(ByteOrder.LITTLE_ENDIAN), n, width, available));
  }

  private void readFully(InputStream z, byte[] b, int off, int len, long clusterOffset)
      throws IOException {
    while (len > 0) {
      int k = z.read(b, off, len);
      if (k < 0) {
        throw in.fault(ZimFault.DECOMPRESSION, clusterOffset, len + " more bytes", "end of stream");
      }
      off += k;
      len -= k;
    }
  }

  private static long number(ByteBuffer b, int width) {
    return width == 8 ? b.getLong() : b.getInt() & 0xFFFF_FFFFL;
  }

  /** The number of offsets (n + 1) that Offset[0] = {@code first} announces. */
  private int blobTableSize(long offset, long first, int width, long available) {
    if (first > available && available == Math.min(maxClusterBytes, Integer.MAX_VALUE - 16)) {
      throw in.fault(
          ZimFault.CLUSTER_TOO_LARGE, offset, "<= " + available, Long.toUnsignedString(first));
    }
    if (first < width
        || first % width != 0
        || (first != width && first < 2L * width)
        || first / width - 1 > header.entryCount()
        || first > available) {
      throw in.fault(
          ZimFault.CLUSTER_OFFSETS,
          offset + 1,
          "a multiple of "
              + width
              + " in ["
              + width
              + ", "
              + Math.min(available, (header.entryCount() + 1L) * width)
              + "]",
          Long.toUnsignedString(first));
    }
    return (int) (first / width);
  }

  private long[] offsets(long offset, ByteBuffer table, int n, int width, long available) {
    long[] offsets = new long[n];
    long previous = 0;
    for (int i = 0; i < n; i++) {
      long o = number(table, width);
      if (o < previous || o > available) {
        throw in.fault(
            ZimFault.CLUSTER_OFFSETS,
            offset + 1 + (long) i * width,
            "in [" + previous + ", " + available + "]",
            Long.toUnsignedString(o));
      }
      offsets[i] = o;
      previous = o;
    }
    return offsets;
  }
}
