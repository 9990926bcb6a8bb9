package org.corpusmcp.zim.format;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.corpusmcp.zim.UnsupportedCompressionException;
import org.corpusmcp.zim.ZimFault;
import org.corpusmcp.zim.ZimFormatException;
import org.jspecify.annotations.Nullable;
import org.tukaani.xz.BasicArrayCache;
import org.tukaani.xz.XZInputStream;

/**
 * Decodes clusters (zim-and-libzim-search.md §A.10).
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
 * maximum. A compressed cluster is decompressed only as far as its last offset, so bytes after
 * the stream are never interpreted, and only as far as the blobs read so far need ({@link
 * LazyPayload}).
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

  /** The archive offset of cluster {@code index}, checked against CLUSTER_PTRS (§E.2). */
  public long clusterOffset(int index) {
    if (index < 0 || index >= header.clusterCount()) {
      throw in.fault(ZimFault.CLUSTER_INDEX, -1, "< " + header.clusterCount(), index & 0xFFFF_FFFFL);
    }
    long at = header.clusterPtrPos() + 8L * index;
    long offset = in.u64(at, "cluster pointer list");
    if (offset < ZimHeader.SIZE || offset > dataEnd - 1) {
      throw in.fault(ZimFault.CLUSTER_POINTER, at, "[" + ZimHeader.SIZE + ", " + (dataEnd - 1) + "]",
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
   * libzim's one cluster check at open: the last cluster starts inside the file. Any other
   * damaged cluster pointer is found when that cluster is read, and by validation.
   */
  public void requireLastClusterInsideFile() {
    if (header.clusterCount() == 0) {
      return;
    }
    long at = header.clusterPtrPos() + 8L * (header.clusterCount() - 1);
    long offset = in.u64(at, "cluster pointer list");
    if (offset < 0 || offset > in.size()) {
      throw in.fault(ZimFault.CLUSTER_POINTER, at, "last cluster offset <= " + in.size(),
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

  /** Reads and decodes cluster {@code index}. */
  public Cluster read(int index) {
    long offset = clusterOffset(index);
    int info = in.u8(offset, "cluster info");
    Compression compression = compression(offset, info);
    int width = (info & 0x10) != 0 ? 8 : 4;
    long payloadStart = offset + 1;
    if (compression == Compression.NONE) {
      long available = dataEnd - payloadStart;
      long first = number(in.read(payloadStart, width, "cluster offsets"), width);
      int n = blobTableSize(offset, first, width, available);
      ByteBuffer table = in.read(payloadStart, n * width, "cluster offsets");
      long[] offsets = offsets(offset, table, n, width, available);
      return new Cluster(in.source().slice(payloadStart, offsets[n - 1]), offsets, false, payloadStart);
    }
    InputStream z = null;
    try {
      if (compression == Compression.ZSTD) {
        z = ZstdFrame.stream(in, offset, payloadStart, dataEnd, Math.min(maxClusterBytes, Integer.MAX_VALUE - 16));
      } else {
        InputStream raw = new SourceInputStream(in.source(), payloadStart, dataEnd);
        z = new XZInputStream(raw, XZ_MEMORY_LIMIT_KIB, BasicArrayCache.getInstance());
      }
      byte[] head = new byte[width];
      readFully(z, head, 0, width, offset);
      long first = number(ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN), width);
      long limit = Math.min(maxClusterBytes, Integer.MAX_VALUE - 16);
      int n = blobTableSize(offset, first, width, limit);
      byte[] tableBytes = new byte[n * width];
      System.arraycopy(head, 0, tableBytes, 0, width);
      readFully(z, tableBytes, width, tableBytes.length - width, offset);
      long[] offsets = offsets(offset, ByteBuffer.wrap(tableBytes).order(ByteOrder.LITTLE_ENDIAN), n,
          width, limit);
      // xz: the rest is decoded on demand below; zstd: already decoded whole (see ZstdFrame).
      LazyPayload payload = new LazyPayload(in, offset, z, tableBytes, (int) offsets[n - 1]);
      z = null;
      if (compression == Compression.XZ) {
        // xz gives its dictionary arrays back to the shared cache only on close; a half-read
        // stream left to the garbage collector would make every later cluster allocate anew.
        payload.range(0, payload.total());
      }
      return new Cluster(payload, offsets);
    } catch (IOException | RuntimeException e) {
      if (e instanceof ZimFormatException) {
        throw (ZimFormatException) e;
      }
      throw new ZimFormatException(ZimFault.DECOMPRESSION, in.name(), offset,
          compression + " stream", e.toString(), e);
    } finally {
      if (z != null) {
        try {
          z.close();
        } catch (IOException ignored) {
          // the failure that brought us here is the one to report
        }
      }
    }
  }

  private void readFully(InputStream z, byte[] b, int off, int len, long clusterOffset) throws IOException {
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
      throw in.fault(ZimFault.CLUSTER_TOO_LARGE, offset, "<= " + available, Long.toUnsignedString(first));
    }
    if (first < width || first % width != 0 || (first != width && first < 2L * width)
        || first / width - 1 > header.entryCount() || first > available) {
      throw in.fault(ZimFault.CLUSTER_OFFSETS, offset + 1,
          "a multiple of " + width + " in [" + width + ", " + Math.min(available,
              (header.entryCount() + 1L) * width) + "]", Long.toUnsignedString(first));
    }
    return (int) (first / width);
  }

  private long[] offsets(long offset, ByteBuffer table, int n, int width, long available) {
    long[] offsets = new long[n];
    long previous = 0;
    for (int i = 0; i < n; i++) {
      long o = number(table, width);
      if (o < previous || o > available) {
        throw in.fault(ZimFault.CLUSTER_OFFSETS, offset + 1 + (long) i * width,
            "in [" + previous + ", " + available + "]", Long.toUnsignedString(o));
      }
      offsets[i] = o;
      previous = o;
    }
    return offsets;
  }

  /** The archive from a position to a limit, as a stream, for the decompressors. */
  private static final class SourceInputStream extends InputStream {
    private final org.corpusmcp.zim.io.ByteSource source;
    private long position;
    private final long end;

    SourceInputStream(org.corpusmcp.zim.io.ByteSource source, long position, long end) {
      this.source = source;
      this.position = position;
      this.end = end;
    }

    @Override
    public int read() {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      if (len == 0) {
        return 0;
      }
      if (position >= end) {
        return -1;
      }
      int k = (int) Math.min(len, end - position);
      source.read(position, ByteBuffer.wrap(b, off, k));
      position += k;
      return k;
    }
  }
}
