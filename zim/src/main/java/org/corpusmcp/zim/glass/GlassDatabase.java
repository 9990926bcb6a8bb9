package org.corpusmcp.zim.glass;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.corpusmcp.zim.io.ByteSource;
import org.jspecify.annotations.Nullable;

/**
 * A read-only single-file glass database (Xapian 1.4), e.g. the {@code X/fulltext/xapian} entry of
 * a ZIM archive given as a {@link ByteSource#slice slice} of the file.
 *
 * <p>Opening reads and checks only the header (magic, format, table roots against the size); blocks
 * are read on demand through a bounded cache. Instances are immutable and thread-safe; {@link
 * PostingList}s are per query. Damage found while reading raises {@link GlassFormatException}.
 */
public final class GlassDatabase {
  /** Default cache: 512 blocks (4 MiB with 8 KiB blocks). */
  public static final int DEFAULT_CACHE_BLOCKS = 512;

  private static final byte[] DOCLEN_KEY = {0, (byte) 0xE0};
  private static final byte[] META_PREFIX = {0, (byte) 0xC0};
  private static final byte[] VALUE_PREFIX = {0, (byte) 0xD8};

  private final ByteSource source;
  private final GlassHeader header;
  private final BTable postlist;
  private final BTable docdata;
  private final BTable position;
  private final DocumentLengths documentLengths;

  private GlassDatabase(ByteSource source, GlassHeader header, BlockCache cache) {
    this.source = source;
    this.header = header;
    this.postlist = new BTable(header.table(GlassHeader.POSTLIST), cache);
    this.docdata = new BTable(header.table(GlassHeader.DOCDATA), cache);
    this.position = new BTable(header.table(GlassHeader.POSITION), cache);
    this.documentLengths = new DocumentLengths(this, DocumentLengths.DEFAULT_MAX_ENTRIES);
  }

  /** Opens the database whose first byte is the first byte of {@code source}. */
  public static GlassDatabase open(ByteSource source) {
    return open(source, DEFAULT_CACHE_BLOCKS);
  }

  public static GlassDatabase open(ByteSource source, int cacheBlocks) {
    Objects.requireNonNull(source, "source");
    if (cacheBlocks < 8) {
      throw new IllegalArgumentException("cacheBlocks must be at least 8, was " + cacheBlocks);
    }
    long size = source.size();
    if (size < 2048) {
      throw new GlassFormatException(
          "glass database of " + size + " bytes is shorter than one block");
    }
    byte[] head = source.readBytes(0, 256); // inside: the size was checked above
    GlassHeader header = GlassHeader.parse(head, size);
    return new GlassDatabase(source, header, new BlockCache(source, cacheBlocks));
  }

  public GlassHeader header() {
    return header;
  }

  public long docCount() {
    return header.docCount();
  }

  public double averageLength() {
    return header.averageLength();
  }

  /** True when the position table holds data (phrase queries are real phrases then). */
  public boolean hasPositions() {
    return !position.isEmpty();
  }

  static byte[] termKey(byte[] term) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(term.length + 2);
    Pack.putSortableString(out, term, true);
    return out.toByteArray();
  }

  static byte[] termChunkPrefix(byte[] term) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(term.length + 2);
    Pack.putSortableString(out, term, false);
    return out.toByteArray();
  }

  /** A fresh iterator over the term's postings (empty when the term is absent). */
  public PostingList postingList(String term) {
    return postingList(term.getBytes(StandardCharsets.UTF_8));
  }

  public PostingList postingList(byte[] term) {
    if (term.length == 0) {
      throw new IllegalArgumentException("term must not be empty");
    }
    return PostingList.open(postlist, termKey(term), termChunkPrefix(term));
  }

  /** termfreq and wdf statistics of a term, from its first chunk only. */
  public TermStats termStats(String term) {
    byte[] t = term.getBytes(StandardCharsets.UTF_8);
    if (t.length == 0 || t.length > 245) {
      return new TermStats(0, 0, 0);
    }
    PostingList pl = postingList(t);
    return new TermStats(pl.termFreq(), pl.collectionFreq(), pl.firstWdf());
  }

  /** First-chunk statistics of a term. */
  public record TermStats(long termFreq, long collectionFreq, long firstWdf) {
    /**
     * The wdf bound BM25's maxpart is computed from: max(collfreq − first wdf, first wdf), not
     * capped by the header's bound. Snippets weigh words by that maxpart, so a capped bound would
     * rank "the" and "of" equal where Xapian ranks them apart.
     */
    public long wdfUpperBound() {
      return (collectionFreq == 0 || termFreq == 1)
          ? collectionFreq
          : Math.max(collectionFreq - firstWdf, firstWdf);
    }
  }

  /** A fresh iterator over the document-length list; its wdf is the length. */
  /** Document lengths by docid, decoded once and shared by every query (bounded). */
  public DocumentLengths documentLengths() {
    return documentLengths;
  }

  public PostingList doclengthList() {
    return PostingList.open(postlist, DOCLEN_KEY, DOCLEN_KEY);
  }

  /** The document data (in libzim databases the entry's full path), empty if none. */
  public byte[] documentData(long docid) {
    ByteArrayOutputStream k = new ByteArrayOutputStream();
    Pack.putSortableUint(k, docid);
    byte[] tag = docdata.get(k.toByteArray());
    return tag == null ? new byte[0] : tag;
  }

  /** User metadata, empty if absent. */
  public byte[] metadata(String name) {
    byte[] n = name.getBytes(StandardCharsets.UTF_8);
    byte[] key = new byte[2 + n.length];
    System.arraycopy(META_PREFIX, 0, key, 0, 2);
    System.arraycopy(n, 0, key, 2, n.length);
    if (key.length > 255) {
      return new byte[0];
    }
    byte[] tag = postlist.get(key);
    return tag == null ? new byte[0] : tag;
  }

  public String metadataString(String name) {
    return new String(metadata(name), StandardCharsets.UTF_8);
  }

  /** The value in {@code slot} of the document, empty if none. */
  public byte[] value(long docid, int slot) {
    ByteArrayOutputStream k = new ByteArrayOutputStream();
    k.writeBytes(VALUE_PREFIX);
    Pack.putUint(k, slot);
    byte[] prefix = k.toByteArray();
    Pack.putSortableUint(k, docid);
    BTable.Cursor c = postlist.cursor();
    if (!c.seekLessOrEqual(k.toByteArray())) {
      return new byte[0];
    }
    byte[] key = c.key();
    if (key.length <= prefix.length
        || !Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length)) {
      return new byte[0];
    }
    Pack kp = new Pack(key, prefix.length, key.length);
    long did = kp.sortableUint();
    Pack p = new Pack(c.readTag());
    byte[] v = p.string();
    while (did < docid) {
      if (p.atEnd()) {
        return new byte[0];
      }
      did += p.uint() + 1;
      v = p.string();
    }
    return did == docid ? v : new byte[0];
  }

  /** A reusable reader of one value slot for ascending docids (one thread). */
  public ValueReader valueReader(int slot) {
    return new ValueReader(slot);
  }

  /**
   * Reads values of one slot; fast for ascending or repeated docids (keeps its place in a chunk).
   */
  public final class ValueReader {
    private final byte[] prefix;
    private byte @Nullable [] chunk;
    private int pos; // just after the value of docid `did`
    private long did;

    /**
     * No value is stored for docids in (before, did): ascending reads of a sparse slot stay put.
     */
    private long before = -1;

    private byte @Nullable [] value = new byte[0];
    private int valueStart;
    private int valueEnd;

    /** On the next chunk of this slot (first docid nextFirst); null when there is none. */
    private BTable.@Nullable Cursor cursor;

    private long nextFirst = Long.MAX_VALUE;

    ValueReader(int slot) {
      ByteArrayOutputStream k = new ByteArrayOutputStream();
      k.writeBytes(VALUE_PREFIX);
      Pack.putUint(k, slot);
      this.prefix = k.toByteArray();
    }

    public byte[] get(long docid) {
      if (chunk == null || docid <= before) {
        if (!load(docid)) {
          return BTable.empty();
        }
      } else if (docid < did) {
        return BTable.empty(); // between two stored values (a sparse slot): no reload needed
      }
      if (docid >= nextFirst) {
        // not in this chunk: ascending reads of dense values go on with the next chunk, where the
        // cursor already waits; a docid further on is sought from the root
        enter(cursor, nextFirst);
        if (docid >= nextFirst && !load(docid)) {
          return BTable.empty();
        }
        if (docid < did) {
          return BTable.empty(); // after the previous chunk's values, before this chunk's first
        }
      }
      while (did < docid
          && pos < chunk.length) { // docid < nextFirst: if stored, it is in this chunk
        Pack p = new Pack(chunk, pos, chunk.length);
        before = did;
        did += p.uint() + 1;
        valueStart = p.skipString();
        valueEnd = p.pos;
        value = null;
        pos = p.pos;
      }
      if (did != docid) {
        return BTable.empty();
      }
      if (value == null) {
        value = Arrays.copyOfRange(chunk, valueStart, valueEnd);
      }
      return value;
    }

    /** Positions on the chunk that may hold docid (greatest first docid ≤ docid). */
    private boolean load(long docid) {
      ByteArrayOutputStream k = new ByteArrayOutputStream();
      k.writeBytes(prefix);
      Pack.putSortableUint(k, docid);
      BTable.Cursor c = cursor != null ? cursor : postlist.cursor();
      chunk = null;
      cursor = null;
      nextFirst = Long.MAX_VALUE;
      if (!c.seekLessOrEqual(k.toByteArray())) {
        return false;
      }
      Long first = chunkFirst(c);
      if (first == null) {
        return false;
      }
      enter(c, first);
      return true;
    }

    /**
     * Makes the chunk under the cursor (first docid {@code first}) the current one and leaves the
     * cursor on the next chunk of this slot, whose first docid becomes {@code nextFirst}.
     */
    private void enter(BTable.Cursor c, long first) {
      byte[] tag = c.readTag();
      Pack p = new Pack(tag);
      value = p.string();
      chunk = tag;
      before = first - 1;
      did = first;
      pos = p.pos;
      Long next = c.nextEntry() ? chunkFirst(c) : null;
      cursor = next == null ? null : c;
      nextFirst = next == null ? Long.MAX_VALUE : next;
    }

    /**
     * The first docid of the value chunk under the cursor; null if the entry is not this slot's.
     */
    private @Nullable Long chunkFirst(BTable.Cursor c) {
      byte[] key = c.key();
      if (key.length <= prefix.length
          || !Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length)) {
        return null;
      }
      return new Pack(key, prefix.length, key.length).sortableUint();
    }
  }

  /** Positions of the term in the document, ascending; empty if none. */
  public int[] positions(byte[] term, long docid) {
    if (position.isEmpty()) {
      return new int[0];
    }
    ByteArrayOutputStream k = new ByteArrayOutputStream();
    Pack.putSortableString(k, term, false);
    Pack.putSortableUint(k, docid);
    byte[] tag = position.get(k.toByteArray());
    return tag == null ? new int[0] : PositionCodec.decode(tag);
  }

  /** Terms starting with {@code prefix}, in byte order, with their termfreq (wildcards). */
  public List<TermEntry> termsWithPrefix(byte[] prefix, int limit) {
    List<TermEntry> out = new ArrayList<>();
    BTable.Cursor c = postlist.cursor();
    byte[] start = prefix.length == 0 ? new byte[] {0, (byte) 0xFF} : termKey(prefix);
    if (!c.seekGreaterOrEqual(start)) {
      return out;
    }
    do {
      byte[] key = c.key();
      if (key.length >= 2 && key[0] == 0 && key[1] != (byte) 0xFF) {
        continue;
      }
      Pack p = new Pack(key);
      byte[] term = p.sortableString();
      if (!startsWith(term, prefix)) {
        break;
      }
      if (!p.atEnd()) {
        continue; // a later chunk
      }
      Pack t = new Pack(c.readTag());
      out.add(new TermEntry(term, t.uint(), t.uint()));
      if (out.size() >= limit) {
        break;
      }
    } while (c.nextEntry());
    return out;
  }

  /**
   * A cursor over the vocabulary (the postlist table's terms) in byte order, for walks that seek
   * ahead rather than read every term, such as intersecting the vocabulary with a Levenshtein
   * automaton. Each call creates an independent, not thread-safe cursor.
   */
  public TermCursor termCursor() {
    return new TermCursor(postlist.cursor());
  }

  /**
   * Positioned on one term at a time; {@link #seekCeil} and {@link #next} return the term, or null
   * past the last one. Later chunks of a term's posting list and the table's non-term keys
   * (metadata, values, document lengths) are skipped.
   */
  public static final class TermCursor {
    private final BTable.Cursor cursor;
    private byte @Nullable [] term;
    private long termFreq = -1;
    private boolean exhausted;

    private TermCursor(BTable.Cursor cursor) {
      this.cursor = cursor;
    }

    /** The first term ≥ {@code target} (byte order), or null when there is none. */
    public byte @Nullable [] seekCeil(byte[] target) {
      byte[] start = target.length == 0 ? new byte[] {0, (byte) 0xFF} : termKey(target);
      exhausted = !cursor.seekGreaterOrEqual(start);
      return settle();
    }

    /** The term after the current one, or null at the end. */
    public byte @Nullable [] next() {
      if (exhausted || term == null) {
        return null;
      }
      exhausted = !cursor.nextEntry();
      return settle();
    }

    /**
     * How many documents hold the current term (from its first chunk). Read on demand: a walk that
     * only compares terms never decodes a posting chunk.
     */
    public long termFreq() {
      if (term == null) {
        throw new IllegalStateException("the cursor is not on a term");
      }
      if (termFreq < 0) {
        termFreq = new Pack(cursor.readTag()).uint();
      }
      return termFreq;
    }

    private byte @Nullable [] settle() {
      while (!exhausted) {
        byte[] key = cursor.key();
        boolean special = key.length >= 2 && key[0] == 0 && key[1] != (byte) 0xFF;
        if (!special) {
          Pack p = new Pack(key);
          byte[] t = p.sortableString();
          if (p.atEnd()) {
            term = t;
            termFreq = -1;
            return t;
          }
        }
        exhausted = !cursor.nextEntry();
      }
      term = null;
      return null;
    }
  }

  private static boolean startsWith(byte[] s, byte[] p) {
    return s.length >= p.length && Arrays.equals(s, 0, p.length, p, 0, p.length);
  }

  /** A term and its first-chunk statistics. */
  @SuppressWarnings("ArrayRecordComponent") // key bytes as read; never compared
  public record TermEntry(byte[] term, long termFreq, long collectionFreq) {}

  ByteSource source() {
    return source;
  }
}
