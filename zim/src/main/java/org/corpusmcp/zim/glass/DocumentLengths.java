package org.corpusmcp.zim.glass;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Document lengths by docid, for BM25, from the database's length list decoded a chunk at a time
 * and kept decoded in a bounded, least-recently-used cache shared by every query.
 *
 * <p>Why a cache of decoded chunks: the matcher asks for the length of every document it weighs,
 * and a question weighs thousands of documents spread over the whole archive. Read through a {@link
 * PostingList}, each of those lookups scans its chunk's varints from wherever the last one stopped,
 * so a query pays for decoding most of the length list (1.3 million entries on a
 * 1.3-million-article archive) again and again; Xapian does the same, in C++. Decoded once, a
 * lookup is an array read. Bounded by {@link #DEFAULT_MAX_ENTRIES} lengths (2 bytes each when a
 * chunk's lengths fit in 16 bits, 4 otherwise), so the memory does not grow with the archive.
 *
 * <p>Thread-safe; a query keeps the {@link Chunk} it last got and asks again only when a docid
 * falls outside it, so the lock is taken once per chunk, not once per document.
 */
public final class DocumentLengths {
  /** 4 million lengths: 8 MiB when they fit in 16 bits; a 1.3M-article archive's all fit. */
  public static final int DEFAULT_MAX_ENTRIES = 4 << 20;

  private final GlassDatabase db;
  private final int maxEntries;
  private final TreeMap<Long, Chunk> byFirstDocid = new TreeMap<>();
  private final LinkedHashMap<Long, Chunk> leastRecentFirst = new LinkedHashMap<>(64, 0.75f, true);
  private long entries;

  DocumentLengths(GlassDatabase db, int maxEntries) {
    this.db = db;
    this.maxEntries = maxEntries;
  }

  /**
   * The decoded chunk of the length list that holds {@code docid}, or that starts after it when no
   * chunk does (so {@link Chunk#length} answers 0); null past the list's end.
   */
  public @Nullable Chunk chunkHolding(long docid) {
    synchronized (byFirstDocid) {
      Map.Entry<Long, Chunk> floor = byFirstDocid.floorEntry(docid);
      if (floor != null && docid <= floor.getValue().last) {
        leastRecentFirst.get(floor.getKey()); // touch
        return floor.getValue();
      }
    }
    Chunk decoded = db.doclengthList().decodeChunkHolding(docid);
    if (decoded == null) {
      return null;
    }
    synchronized (byFirstDocid) {
      if (byFirstDocid.putIfAbsent(decoded.first, decoded) == null) {
        leastRecentFirst.put(decoded.first, decoded);
        entries += decoded.size();
        evictBeyondBound();
      }
    }
    return decoded;
  }

  private void evictBeyondBound() {
    var it = leastRecentFirst.entrySet().iterator();
    while (entries > maxEntries && it.hasNext()) {
      Chunk eldest = it.next().getValue();
      it.remove();
      byFirstDocid.remove(eldest.first);
      entries -= eldest.size();
    }
  }

  /**
   * One chunk of the length list, decoded: the docids {@code first..last} it covers and their
   * lengths. Immutable.
   */
  public static final class Chunk {
    final long first;
    final long last;
    // docids in order when the chunk skips some (deleted documents); null when it holds them all
    private final long @Nullable [] docids;
    private final char @Nullable [] shortLengths;
    private final int @Nullable [] lengths;

    private Chunk(
        long first,
        long last,
        long @Nullable [] docids,
        char @Nullable [] shortLengths,
        int @Nullable [] lengths) {
      this.first = first;
      this.last = last;
      this.docids = docids;
      this.shortLengths = shortLengths;
      this.lengths = lengths;
    }

    /** True when {@code docid} lies within this chunk's range (present or not). */
    public boolean covers(long docid) {
      return docid >= first && docid <= last;
    }

    /** The length of {@code docid}, 0 when the chunk does not hold it. */
    public long length(long docid) {
      if (docid < first || docid > last) {
        return 0;
      }
      int i;
      if (docids == null) {
        i = (int) (docid - first);
      } else {
        i = Arrays.binarySearch(docids, docid);
        if (i < 0) {
          return 0;
        }
      }
      return shortLengths != null ? shortLengths[i] : Integer.toUnsignedLong(lengths[i]);
    }

    int size() {
      return docids != null ? docids.length : (int) (last - first + 1);
    }
  }

  /** Collects a chunk's postings in docid order (PostingList decodes, this keeps). */
  static final class ChunkBuilder {
    private final long first;
    private final long last;
    private long[] docids = new long[256];
    private long[] lengths = new long[256];
    private int n;
    private long longest;

    ChunkBuilder(long first, long last) {
      this.first = first;
      this.last = last;
    }

    void add(long docid, long length) {
      if (length > 0xFFFF_FFFFL) {
        throw new GlassFormatException("document length " + length + " exceeds 32 bits");
      }
      if (n == docids.length) {
        docids = Arrays.copyOf(docids, n * 2);
        lengths = Arrays.copyOf(lengths, n * 2);
      }
      docids[n] = docid;
      lengths[n] = length;
      n++;
      longest = Math.max(longest, length);
    }

    Chunk build() {
      boolean dense = n == last - first + 1;
      long[] ids = dense ? null : Arrays.copyOf(docids, n);
      if (longest <= Character.MAX_VALUE) {
        char[] s = new char[n];
        for (int i = 0; i < n; i++) {
          s[i] = (char) lengths[i];
        }
        return new Chunk(first, last, ids, s, null);
      }
      int[] w = new int[n];
      for (int i = 0; i < n; i++) {
        w[i] = (int) lengths[i];
      }
      return new Chunk(first, last, ids, null, w);
    }
  }
}
