package org.corpusmcp.zim;

/**
 * Told how far {@link Archive#verifyChecksum(ChecksumProgress)} has got. Called on the verifying
 * thread after each chunk (about every 8 MiB) and once at the end; must be fast and must not throw.
 */
@FunctionalInterface
public interface ChecksumProgress {

  /** Progress does nothing. */
  ChecksumProgress NONE = (done, total) -> {};

  /** {@code done} of {@code total} bytes hashed so far. */
  void progress(long done, long total);
}
