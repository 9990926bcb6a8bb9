package org.corpusmcp.archwiki.wikitext;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.text.Normalizer;
import java.util.HexFormat;

/**
 * The one fingerprint every evidence field uses: lowercase hex SHA-256 of the UTF-8 bytes of the
 * NFC-normalised text, whitespace untouched. {@code "e\u0301"} and {@code "\u00e9"} hash alike;
 * {@code "a\r\n"} and {@code "a\n"} do not.
 */
public final class Hashes {

  /** H("") — what a bodiless {@code {{Note}}} is attested by. */
  public static final String EMPTY =
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

  private Hashes() {}

  public static String sha256(String text) {
    String normalized = Normalizer.normalize(text, Normalizer.Form.NFC);
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(digest.digest(normalized.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }
}
