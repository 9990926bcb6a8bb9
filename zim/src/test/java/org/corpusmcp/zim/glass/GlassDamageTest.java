package org.corpusmcp.zim.glass;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.corpusmcp.zim.io.ByteArraySource;
import org.corpusmcp.zim.search.Oracle;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Each glass decoder meets bytes that break its structure and answers with {@link
 * GlassFormatException}, saying what was malformed; never a JDK exception such as {@link
 * ArrayIndexOutOfBoundsException} or {@link NegativeArraySizeException}, which callers could not
 * tell from a bug of their own.
 */
class GlassDamageTest {

  private static final List<String> TERMS = List.of("мова", "кухня", "урок", "a", "zzzz");

  private static byte[] index;

  @BeforeAll
  static void extractIndex() throws Exception {
    index =
        Files.readAllBytes(
            Oracle.extract(
                Oracle.sample("mediawiki/wikibooks_be_all_nopic_2017-02_noTitleListingV0.zim"),
                "fulltext"));
  }

  @Test
  void anItemAtTheVeryEndOfItsBlockIsDamage() {
    GlassHeader.RootInfo postlist =
        GlassDatabase.open(new ByteArraySource(index)).header().table(GlassHeader.POSTLIST);
    byte[] bad = index.clone();
    int block = Math.toIntExact(postlist.root() * postlist.blockSize());
    int dirEnd = ((bad[block + 9] & 0xFF) << 8) | (bad[block + 10] & 0xFF);
    int last = postlist.blockSize() - 3; // passes the offset check, but no item fits there
    for (int at = block + 11; at < block + dirEnd; at += 2) {
      bad[at] = (byte) (last >>> 8);
      bad[at + 1] = (byte) last;
    }

    GlassDatabase db = GlassDatabase.open(new ByteArraySource(bad));

    GlassFormatException e = assertThrows(GlassFormatException.class, () -> db.termStats("мова"));
    assertTrue(e.getMessage().startsWith("postlist: "), e.getMessage());
  }

  @Test
  void aTableLevelThatWrapsNegativeIsRefusedOnOpen() {
    byte[] header = header(1L << 33); // level (flags >>> 2) = 2^31: a negative int
    byte[] db = java.util.Arrays.copyOf(header, 2 * 2048);

    assertThrows(GlassFormatException.class, () -> GlassDatabase.open(new ByteArraySource(db)));
  }

  @Test
  void aRootBlockFarBeyondTheFileIsRefusedOnOpen() {
    // (root + 1) * 2048 wraps to 0 in a long, which "fits" any file
    byte[] db = java.util.Arrays.copyOf(header(0, (1L << 62) - 1), 2 * 2048);

    assertThrows(GlassFormatException.class, () -> GlassDatabase.open(new ByteArraySource(db)));
  }

  @Test
  void everyByteOfThePostlistRootBlockDamagedGivesOnlyTypedErrors() {
    GlassHeader.RootInfo postlist =
        GlassDatabase.open(new ByteArraySource(index)).header().table(GlassHeader.POSTLIST);
    int block = Math.toIntExact(postlist.root() * postlist.blockSize());
    List<String> untyped = new ArrayList<>();
    for (int i = 0; i < postlist.blockSize(); i++) {
      for (int value : new int[] {0x00, 0xFF}) {
        byte[] bad = index.clone();
        bad[block + i] = (byte) value;
        try {
          GlassDatabase db = GlassDatabase.open(new ByteArraySource(bad));
          for (String term : TERMS) {
            PostingList list = db.postingList(term);
            while (list.next()) {
              db.positions(term.getBytes(StandardCharsets.UTF_8), list.docid());
            }
          }
          db.termsWithPrefix(new byte[0], 50);
          db.documentData(1);
          db.value(1, 0);
        } catch (GlassFormatException typed) {
          // the only allowed failure
        } catch (RuntimeException other) {
          untyped.add("byte " + i + " = " + value + ": " + other);
        }
      }
    }
    assertArrayEquals(new String[0], untyped.toArray(String[]::new), String.join("\n", untyped));
  }

  @Test
  void packRefusesTruncatedNumbersAndStrings() {
    assertThrows(GlassFormatException.class, () -> new Pack(new byte[] {(byte) 0x80}).uint());
    assertThrows(GlassFormatException.class, () -> new Pack(new byte[] {5, 'a', 'b'}).string());
    assertThrows(GlassFormatException.class, () -> new Pack(new byte[] {0x10}).sortableUint());
    assertThrows(GlassFormatException.class, () -> new Pack(new byte[] {'2'}).bool());
  }

  @Test
  void positionListsRefuseATruncatedBitStream() {
    // 3d 97 71 b6 fb 01 holds eight positions (PositionCodec's example); cut after two bytes
    byte[] cut = {0x3d, (byte) 0x97};

    assertThrows(GlassFormatException.class, () -> PositionCodec.decode(cut));
  }

  /** A glass header whose postlist table has {@code flags}; the other tables are absent. */
  private static byte[] header(long flags) {
    return header(flags, 1);
  }

  private static byte[] header(long postlistFlags, long postlistRoot) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(new byte[] {0x0f, 0x0d});
    out.writeBytes("Xapian Glass".getBytes(StandardCharsets.US_ASCII));
    out.write(GlassHeader.FORMAT_2016_03_14 >>> 8);
    out.write(GlassHeader.FORMAT_2016_03_14 & 0xFF);
    out.writeBytes(new byte[16]); // uuid
    Pack.putUint(out, 1); // revision
    for (int table = 0; table < 6; table++) {
      boolean postlist = table == GlassHeader.POSTLIST;
      Pack.putUint(out, postlist ? postlistRoot : 0);
      Pack.putUint(out, postlist ? postlistFlags : 1); // 1: absent ("fake"), level 0
      Pack.putUint(out, 0); // entries
      Pack.putUint(out, 1); // block size 2048
      Pack.putUint(out, 0); // compress_min
      Pack.putUint(out, 0); // empty freelist
    }
    for (int stat = 0; stat < 8; stat++) {
      Pack.putUint(out, 0);
    }
    return out.toByteArray();
  }
}
