package org.corpusmcp.zim.glass;

import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * Iterator over one posting list: a term's (docid, wdf) pairs, or the document-length list where
 * the "wdf" is the document length (Xapian's {@code glass_postlist.cc}). One query, one thread.
 *
 * <pre>
 *   FirstChunk := TermFreq:varint CollFreq:varint (FirstDocid-1):varint Chunk
 *   Chunk      := IsLast:bool (LastDocid-FirstDocid):varint Wdf:varint ((Docid-Prev-1):varint Wdf:varint)*
 *   later chunks live under key  term-prefix + sortable(FirstDocid)
 * </pre>
 *
 * Example: tag {@code b4 0b | af 90 01 | 00 | 30 | 86 08 | 08 | 01 0c} = termfreq 1460, collfreq
 * 18479, first docid 1, not last, last docid 1031, wdf 8, then docid 3 wdf 12.
 */
public final class PostingList {
  private final BTable.Cursor cursor;
  private final byte[] firstKey;
  private final byte[] chunkPrefix;
  private final long termFreq;
  private final long collFreq;
  private final long firstWdf;

  private byte[] chunk = BTable.empty();
  private int pos;
  private int end;
  private long docid;
  private long wdf;
  private long chunkFirst;
  private long chunkFirstWdf;
  private int chunkBody;
  private long chunkLast;
  private boolean chunkIsLast;
  private boolean atEnd;
  private boolean started;

  static PostingList open(BTable table, byte[] firstKey, byte[] chunkPrefix) {
    BTable.Cursor c = table.cursor();
    if (!c.find(firstKey)) {
      return new PostingList(c, firstKey, chunkPrefix, null);
    }
    return new PostingList(c, firstKey, chunkPrefix, c.readTag());
  }

  private PostingList(BTable.Cursor cursor, byte[] firstKey, byte[] chunkPrefix, byte[] tag) {
    this.cursor = cursor;
    this.firstKey = firstKey;
    this.chunkPrefix = chunkPrefix;
    if (tag == null) {
      termFreq = 0;
      collFreq = 0;
      firstWdf = 0;
      atEnd = true;
      return;
    }
    Pack p = new Pack(tag);
    termFreq = p.uint();
    collFreq = p.uint();
    long first = p.uint() + 1;
    loadChunk(tag, p.pos, first);
    firstWdf = wdf;
  }

  private void loadChunk(byte[] tag, int at, long first) {
    Pack p = new Pack(tag, at, tag.length);
    chunkIsLast = p.bool();
    chunkLast = first + p.uint();
    docid = first;
    wdf = p.uint();
    chunk = tag;
    pos = p.pos;
    end = tag.length;
    chunkFirst = first;
    chunkFirstWdf = wdf;
    chunkBody = pos;
    if (chunkLast < first) {
      throw new GlassFormatException("posting chunk ends before it starts");
    }
  }

  /** Number of documents with the term (0 if absent). Meaningless for the length list. */
  public long termFreq() {
    return termFreq;
  }

  public long collectionFreq() {
    return collFreq;
  }

  /** The matcher's wdf bound: max(collfreq − first wdf, first wdf), as Xapian has it. */
  public long wdfUpperBound() {
    return Math.max(collFreq - firstWdf, firstWdf);
  }

  long firstWdf() {
    return firstWdf;
  }

  /** The term's statistics, as {@link GlassDatabase#termStats} gives them, from the opened list. */
  public GlassDatabase.TermStats stats() {
    return new GlassDatabase.TermStats(termFreq, collFreq, firstWdf);
  }

  /** Advances to the first posting (on the first call) or the next one; false at the end. */
  public boolean next() {
    if (atEnd) {
      return false;
    }
    if (!started) {
      started = true;
      return true;
    }
    if (pos < end) {
      docid += varint() + 1;
      wdf = varint();
      if (docid > chunkLast) {
        throw new GlassFormatException("posting beyond its chunk's last docid");
      }
      return true;
    }
    if (chunkIsLast) {
      atEnd = true;
      return false;
    }
    return nextChunk();
  }

  private boolean nextChunk() {
    if (!cursor.nextEntry()) {
      throw new GlassFormatException("posting list ends without a last chunk");
    }
    byte[] key = cursor.key();
    long first = chunkStart(key);
    if (first <= chunkLast) {
      throw new GlassFormatException("posting chunks out of order");
    }
    loadChunk(cursor.readTag(), 0, first);
    return true;
  }

  private long chunkStart(byte[] key) {
    if (key.length <= chunkPrefix.length
        || !Arrays.equals(key, 0, chunkPrefix.length, chunkPrefix, 0, chunkPrefix.length)) {
      throw new GlassFormatException("posting list continues under a foreign key");
    }
    Pack p = new Pack(key, chunkPrefix.length, key.length);
    long first = p.sortableUint();
    if (!p.atEnd()) {
      throw new GlassFormatException("trailing bytes in a posting chunk key");
    }
    return first;
  }

  /**
   * Moves to the first posting with docid ≥ target (a no-op if already there); false at the end.
   * Counts as a first {@link #next} if none was made.
   */
  public boolean skipTo(long target) {
    if (atEnd) {
      return false;
    }
    if (!started) {
      started = true;
    }
    if (target <= docid) {
      return true;
    }
    if (!seekChunk(target)) {
      return false;
    }
    while (docid < target) {
      if (pos >= end) {
        throw new GlassFormatException("posting chunk shorter than its last docid says");
      }
      docid += varint() + 1;
      wdf = varint();
    }
    return true;
  }

  /**
   * Loads the chunk that may hold {@code target} (≥ the current docid), positioned at its first
   * posting, unless the current chunk already may; false (and at the end) when no chunk does.
   */
  private boolean seekChunk(long target) {
    if (target > chunkLast) {
      if (chunkIsLast) {
        atEnd = true;
        return false;
      }
      java.io.ByteArrayOutputStream k = new java.io.ByteArrayOutputStream();
      k.writeBytes(chunkPrefix);
      Pack.putSortableUint(k, target);
      if (!cursor.seekLessOrEqual(k.toByteArray())) {
        throw new GlassFormatException("posting list chunk missing");
      }
      byte[] key = cursor.key();
      byte[] tag = cursor.readTag();
      if (Arrays.equals(key, firstKey)) {
        Pack p = new Pack(tag);
        p.uint();
        p.uint();
        long first = p.uint() + 1;
        loadChunk(tag, p.pos, first);
      } else {
        loadChunk(tag, 0, chunkStart(key));
      }
      if (target > chunkLast) {
        if (chunkIsLast) {
          atEnd = true;
          return false;
        }
        nextChunk();
      }
    }
    return true;
  }

  /**
   * The whole chunk that may hold {@code docid}, decoded (for {@link DocumentLengths}), or null
   * when the list ends before it. Leaves this iterator on that chunk's first posting.
   */
  DocumentLengths.@Nullable Chunk decodeChunkHolding(long target) {
    started = true;
    if (atEnd || (target > chunkLast && !seekChunk(target))) {
      return null;
    }
    DocumentLengths.ChunkBuilder out = new DocumentLengths.ChunkBuilder(chunkFirst, chunkLast);
    out.add(chunkFirst, chunkFirstWdf);
    int at = chunkBody;
    long d = chunkFirst;
    pos = at;
    while (pos < end) {
      d += varint() + 1;
      if (d > chunkLast) {
        throw new GlassFormatException("posting beyond its chunk's last docid");
      }
      out.add(d, varint());
    }
    pos = at;
    docid = chunkFirst;
    wdf = chunkFirstWdf;
    return out.build();
  }

  /** A varint at pos (Pack.uint without the allocation: this is the matcher's inner loop). */
  private long varint() {
    byte[] b = chunk;
    long v = 0;
    int shift = 0;
    while (true) {
      if (pos >= end) {
        throw new GlassFormatException("truncated varint in a posting chunk");
      }
      int c = b[pos++] & 0xFF;
      if (shift > 56) {
        throw new GlassFormatException("varint overflow in a posting chunk");
      }
      v |= (long) (c & 0x7F) << shift;
      if (c < 0x80) {
        return v;
      }
      shift += 7;
    }
  }

  public boolean atEnd() {
    return atEnd;
  }

  public long docid() {
    return docid;
  }

  public long wdf() {
    return wdf;
  }
}
