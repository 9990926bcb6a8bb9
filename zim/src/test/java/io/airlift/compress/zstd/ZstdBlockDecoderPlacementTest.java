package io.airlift.compress.zstd;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.File;
import java.net.URISyntaxException;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * {@link ZstdBlockDecoder} reaches aircompressor's package-private {@code ZstdFrameDecompressor} by
 * sitting in its package. That works only while both classes share one runtime package: one class
 * loader, an unsealed package, and no module boundary between them. Each assertion names the change
 * that would break it (docs/architecture.md, "Decoding clusters"), so an aircompressor update or a
 * move to modules fails here, by name, rather than with an {@link IllegalAccessError} in
 * production. A change to the members used fails the compile; a change in what they do fails {@code
 * ZstdPrefixDecodeTest}.
 */
class ZstdBlockDecoderPlacementTest {

  private static final String WHY =
      "ZstdBlockDecoder must share a runtime package with aircompressor's"
          + " ZstdFrameDecompressor (docs/architecture.md, Decoding clusters): ";

  @Test
  void bothClassesShareOneClassLoader() {
    assertSame(
        ZstdFrameDecompressor.class.getClassLoader(),
        ZstdBlockDecoder.class.getClassLoader(),
        WHY + "the zim jar and the aircompressor jar must be loaded by the same class loader");
  }

  @Test
  void aircompressorDoesNotSealItsPackage() {
    assertFalse(
        ZstdFrameDecompressor.class.getPackage().isSealed(),
        WHY + "an aircompressor jar that seals io.airlift.compress.zstd refuses our class");
  }

  @Test
  void neitherSideIsANamedModule() throws Exception {
    assertFalse(
        ZstdBlockDecoder.class.getModule().isNamed(),
        WHY + "in a named module the zim jar splits the package with aircompressor");
    assertFalse(
        ZstdFrameDecompressor.class.getModule().isNamed(),
        WHY + "aircompressor now runs as a named module");
    try (JarFile jar = new JarFile(jarOf(ZstdFrameDecompressor.class))) {
      assertNull(
          jar.getEntry("module-info.class"),
          WHY
              + "this aircompressor declares a module: on the module path the package would be split");
      assertNull(
          jar.getManifest().getMainAttributes().getValue("Sealed"),
          WHY + "this aircompressor's manifest seals its packages");
    }
  }

  private static File jarOf(Class<?> type) throws URISyntaxException {
    return new File(type.getProtectionDomain().getCodeSource().getLocation().toURI());
  }
}
