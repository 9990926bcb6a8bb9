package org.corpusmcp.zim;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.corpusmcp.zim.io.ByteSource;
import org.corpusmcp.zim.io.FileSource;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Opening reads a bounded number of bytes, whatever the archive's size (issue 3, "Scale"): the
 * header, the MIME list, a few pointers and dirents, the v1 listing's cluster table.
 */
class OpenCostTest {

  static Stream<Named<Path>> archives() {
    return Oracle.validArchives().stream()
        .filter(p -> p.toString().endsWith(".zim"))
        .map(p -> Named.of(Oracle.label(p), p));
  }

  @ParameterizedTest
  @MethodSource("archives")
  void openReadsAFewKilobytes(Path zim) {
    AtomicLong bytes = new AtomicLong();
    AtomicLong reads = new AtomicLong();
    FileSource file = FileSource.open(zim);
    ByteSource counting =
        new ByteSource() {
          @Override
          public long size() {
            return file.size();
          }

          @Override
          public void read(long position, ByteBuffer destination) {
            reads.incrementAndGet();
            bytes.addAndGet(destination.remaining());
            file.read(position, destination);
          }

          @Override
          public ByteSource slice(long offset, long length) {
            ByteSource outer = this;
            return new ByteSource() {
              @Override
              public long size() {
                return length;
              }

              @Override
              public void read(long position, ByteBuffer destination) {
                outer.read(offset + position, destination);
              }

              @Override
              public ByteSource slice(long o, long l) {
                return outer.slice(offset + o, l);
              }
            };
          }

          @Override
          public void close() {
            file.close();
          }
        };
    try (Archive a = Zim.open(counting, zim.getFileName().toString(), ZimOptions.defaults())) {
      assertTrue(bytes.get() < 64 * 1024, "open read " + bytes.get() + " bytes of " + a.size());
      assertTrue(reads.get() < 400, "open made " + reads.get() + " reads");
    }
  }
}
