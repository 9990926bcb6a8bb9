package org.corpusmcp.zim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.HexFormat;
import org.corpusmcp.zim.io.ByteArraySource;
import org.junit.jupiter.api.Test;

/**
 * A zstd block whose Huffman table description is damaged made aircompressor's decoder fail with
 * ArrayIndexOutOfBoundsException, which escaped the reader untyped when the block was decoded on
 * demand (reading an entry's content). Found by ClusterCodecFuzzTest: libzim's nons/small.zim with
 * its compressed cluster re-encoded as three zstd frames, two bytes patched in the cluster.
 */
class DamagedZstdBlockTest {

  @Test
  void aDamagedHuffmanTableIsADecompressionFault() throws Exception {
    byte[] zim =
        ClusterVariantsTest.rewrite(
            Files.readAllBytes(Oracle.samples().resolve("zim-testing-suite/nons/small.zim")),
            0x01,
            0x05,
            3);
    int start = ClusterCodecFuzzTest.compressedCluster(zim)[0];
    byte[] patch = HexFormat.of().parseHex("fc03");
    System.arraycopy(patch, 0, zim, start + 222, patch.length);

    int damaged = 0;
    try (Archive a = Zim.open(new ByteArraySource(zim), "damaged", ZimOptions.builder().build())) {
      for (int i = 0; i < a.allEntryCount(); i++) {
        Entry e = a.entryAt(i);
        if (!e.isItem()) {
          continue;
        }
        try {
          e.content().bytes();
        } catch (ZimFormatException expected) {
          assertEquals(ZimFault.DECOMPRESSION, expected.fault(), expected.getMessage());
          damaged++;
        }
      }
    }
    assertTrue(damaged > 0, "the patch reaches no entry");
  }
}
