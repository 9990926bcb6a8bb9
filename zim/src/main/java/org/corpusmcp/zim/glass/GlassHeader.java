package org.corpusmcp.zim.glass;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * The version block at offset 0 of a single-file glass database ({@code glass_version.cc}):
 *
 * <pre>
 *   Header   := Magic[14] "\x0f\x0dXapian Glass"  Format:u16be (= 0x046E, 2016-03-14)  Uuid[16]
 *               Revision:varint  RootInfo ^ 6 (postlist docdata termlist position spelling synonym)
 *               Stats := doccount, lastDocid-doccount, doclenLbound, wdfUbound,
 *                        doclenUbound-wdfUbound, oldestChangeset, totalDoclen, spellingUbound (varints)
 *   RootInfo := root, flags (level<<2 | sequential<<1 | fake), entries, blocksize>>11,
 *               compressMin (varints), freelist:string
 * </pre>
 *
 * Example: an absent table is {@code 00 03 00 04 12 00}: root 0, fake.
 */
public record GlassHeader(
    String uuid,
    long revision,
    java.util.List<RootInfo> tables,
    long docCount,
    long lastDocid,
    long doclenLowerBound,
    long wdfUpperBound,
    long doclenUpperBound,
    long totalDoclen) {

  static final int POSTLIST = 0;
  static final int DOCDATA = 1;
  static final int TERMLIST = 2;
  static final int POSITION = 3;
  static final int SPELLING = 4;
  static final int SYNONYM = 5;
  private static final String[] NAMES = {
    "postlist", "docdata", "termlist", "position", "spelling", "synonym"
  };

  private static final byte[] MAGIC = {
    0x0f, 0x0d, 'X', 'a', 'p', 'i', 'a', 'n', ' ', 'G', 'l', 'a', 's', 's'
  };

  /** Glass format 2016-03-14, the only one Xapian 1.4 writes. */
  static final int FORMAT_2016_03_14 = 0x046E;

  /** One table's root information. */
  public record RootInfo(
      String name, long root, int level, boolean fake, long entries, int blockSize) {}

  /** Average document length as Xapian computes it: total / N, or 0 for an empty database. */
  public double averageLength() {
    return docCount == 0 ? 0.0 : (double) totalDoclen / (double) docCount;
  }

  static GlassHeader parse(byte[] b, long sourceSize) {
    if (b.length < 32 || !Arrays.equals(Arrays.copyOf(b, 14), MAGIC)) {
      throw new GlassFormatException(
          "not a glass database: magic is "
              + HexFormat.of().formatHex(b, 0, Math.min(14, b.length))
              + ", expected 0f0d'Xapian Glass'");
    }
    int format = ((b[14] & 0xFF) << 8) | (b[15] & 0xFF);
    if (format != FORMAT_2016_03_14) {
      throw new GlassFormatException(
          "unsupported glass format version " + format + ", expected " + FORMAT_2016_03_14);
    }
    String hex = HexFormat.of().formatHex(b, 16, 32);
    String uuid =
        hex.substring(0, 8)
            + "-"
            + hex.substring(8, 12)
            + "-"
            + hex.substring(12, 16)
            + "-"
            + hex.substring(16, 20)
            + "-"
            + hex.substring(20);
    Pack p = new Pack(b, 32, b.length);
    long revision = p.uint();
    RootInfo[] tables = new RootInfo[6];
    for (int i = 0; i < 6; i++) {
      long root = p.uint();
      long flags = p.uint();
      long entries = p.uint();
      long bs = p.uint();
      p.uint(); // compress_min: the per-item flag is what counts
      p.string(); // freelist: compacted databases need none
      boolean fake = (flags & 1) != 0;
      int level = (int) (flags >>> 2);
      if (bs < 1 || bs > 32 || Long.bitCount(bs) != 1) {
        throw new GlassFormatException(
            NAMES[i]
                + " table: block size "
                + (bs << 11)
                + " is not a power of two in 2048..65536");
      }
      int blockSize = (int) (bs << 11);
      // a cursor sizes its arrays by the level, so fake tables are held to the range as well
      if (level < 0 || level > 32) {
        throw new GlassFormatException(
            NAMES[i] + " table: implausible level " + Long.toUnsignedString(flags >>> 2));
      }
      if (!fake) {
        // root + 1 blocks must fit; dividing keeps a root near 2^63 from wrapping the product
        if (root < 1 || root > sourceSize / blockSize - 1) {
          throw new GlassFormatException(
              NAMES[i]
                  + " table: root block "
                  + root
                  + " outside the database of "
                  + sourceSize
                  + " bytes");
        }
      }
      tables[i] = new RootInfo(NAMES[i], root, level, fake, entries, blockSize);
    }
    long docCount = p.uint();
    long lastDocid = p.uint() + docCount;
    long doclenLbound = p.uint();
    long wdfUbound = p.uint();
    long doclenUbound = p.uint() + wdfUbound;
    p.uint(); // oldest changeset
    long totalDoclen = p.uint();
    return new GlassHeader(
        uuid,
        revision,
        java.util.List.of(tables),
        docCount,
        lastDocid,
        doclenLbound,
        wdfUbound,
        doclenUbound,
        totalDoclen);
  }

  RootInfo table(int which) {
    return tables.get(which);
  }
}
