package org.corpusmcp.zim.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.airlift.compress.MalformedInputException;
import java.io.IOException;
import java.io.InputStream;
import org.corpusmcp.zim.ZimFault;
import org.corpusmcp.zim.ZimFormatException;
import org.corpusmcp.zim.io.ByteArraySource;
import org.junit.jupiter.api.Test;

/**
 * A streamed cluster turns what its decompressor throws on damaged input into a DECOMPRESSION
 * fault, and nothing else: a failure that is not the decompressor's verdict on the bytes is a bug
 * and must reach the caller as itself, not dressed as archive damage.
 */
class StreamedPayloadTest {

  private static final ArchiveBytes ARCHIVE =
      new ArchiveBytes(new ByteArraySource(new byte[100]), "test.zim");

  /** A decoder whose stream fails at the first read with {@code e}. */
  private static StreamedPayload.Decoder failing(Exception e) {
    return () ->
        new InputStream() {
          @Override
          public int read() throws IOException {
            return read(new byte[1], 0, 1);
          }

          @Override
          public int read(byte[] b, int off, int len) throws IOException {
            if (e instanceof IOException io) {
              throw io;
            }
            throw (RuntimeException) e;
          }
        };
  }

  @Test
  void theDecompressorsVerdictsAreDecompressionFaults() {
    StreamedPayload.Decoder[] damaged = {
      failing(new IOException("Compressed data is corrupt")),
      failing(new MalformedInputException(3, "bad zstd block")),
      failing(new ArrayIndexOutOfBoundsException("Index 300 out of bounds for length 256"))
    };
    for (StreamedPayload.Decoder decoder : damaged) {
      StreamedPayload payload = new StreamedPayload(ARCHIVE, 40, decoder, 1 << 20);

      ZimFormatException e = assertThrows(ZimFormatException.class, () -> payload.range(0, 8));
      assertEquals(ZimFault.DECOMPRESSION, e.fault(), e.getMessage());
      assertEquals(40, e.offset());
    }
  }

  @Test
  void aBugInOurCodeIsNotCalledDamage() {
    IllegalStateException bug = new IllegalStateException("decoder used after close");
    StreamedPayload payload = new StreamedPayload(ARCHIVE, 40, failing(bug), 1 << 20);

    assertSame(bug, assertThrows(IllegalStateException.class, () -> payload.range(0, 8)));
  }
}
