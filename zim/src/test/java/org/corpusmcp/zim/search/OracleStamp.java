package org.corpusmcp.zim.search;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * Fingerprints of everything an oracle answer or a generated test input depends on: the bytes of
 * the scripts that produced it, the libzim and Xapian libraries the oracle loaded, and the input
 * archive. Whatever the tests keep under target/ (cached answers, extracted databases, the built
 * archive, derived query lists) is reused only while its fingerprint is unchanged, so an edited
 * oracle or an upgraded library can never be answered from a stale file.
 */
public final class OracleStamp {
  private static String libraries;

  private OracleStamp() {}

  /** SHA-256 (hex) over the given files' bytes and strings, each part length-prefixed. */
  public static String of(List<Path> files, String... parts) throws IOException {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      for (Path f : files) {
        byte[] b = Files.readAllBytes(f);
        md.update((f.getFileName() + ":" + b.length + ":").getBytes(StandardCharsets.UTF_8));
        md.update(b);
      }
      for (String p : parts) {
        byte[] b = p.getBytes(StandardCharsets.UTF_8);
        md.update((b.length + ":").getBytes(StandardCharsets.UTF_8));
        md.update(b);
      }
      return HexFormat.of().formatHex(md.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }

  /** An archive as an input: its real path, size and modification time. */
  public static String archive(Path zim) throws IOException {
    return zim.toRealPath()
        + "|"
        + Files.size(zim)
        + "|"
        + Files.getLastModifiedTime(zim).toMillis();
  }

  /**
   * The python-libzim binding's version and the libzim and Xapian shared objects it loaded (their
   * file names carry the full version, e.g. libzim.so.8.1.1), asked of /usr/bin/python3 once.
   */
  public static synchronized String libraries() {
    if (libraries == null) {
      libraries = Oracle.python(List.of(Oracle.script("oracle_versions.py").toString())).strip();
    }
    return libraries;
  }

  /**
   * True when {@code out} exists and was made from inputs with this fingerprint. Otherwise the old
   * file and its stamp are removed, and the caller rebuilds and then calls {@link #record}.
   */
  public static boolean fresh(Path out, String fingerprint) throws IOException {
    Path stamp = stampOf(out);
    if (Files.exists(out) && Files.exists(stamp) && Files.readString(stamp).equals(fingerprint)) {
      return true;
    }
    Files.deleteIfExists(stamp);
    Files.deleteIfExists(out);
    return false;
  }

  public static void record(Path out, String fingerprint) throws IOException {
    Files.writeString(stampOf(out), fingerprint);
  }

  private static Path stampOf(Path out) {
    return out.resolveSibling(out.getFileName() + ".stamp");
  }
}
