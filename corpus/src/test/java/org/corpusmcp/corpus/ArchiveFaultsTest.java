package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.corpusmcp.zim.ZimFault;
import org.corpusmcp.zim.ZimFormatException;
import org.corpusmcp.zim.glass.GlassFormatException;
import org.corpusmcp.zim.search.SearchException;
import org.junit.jupiter.api.Test;

/**
 * Only the readers' typed exceptions count as archive damage. A JDK exception thrown by our code or
 * an adapter is a bug: reported to the client as an internal failure, in words without a class
 * name, never as a damaged archive.
 */
class ArchiveFaultsTest {

  private static final String INTERNAL = "an unexpected internal failure (logged on the server)";

  @Test
  void jdkExceptionsFromOurCodeAreNotArchiveDamage() {
    RuntimeException[] bugs = {
      new IllegalStateException("cluster cache in an impossible state"),
      new IndexOutOfBoundsException("Index 7 out of bounds for length 3"),
      new IllegalArgumentException("bad argument"),
      new ArithmeticException("/ by zero")
    };
    for (RuntimeException bug : bugs) {
      assertFalse(ArchiveFaults.isArchiveFault(bug), bug.toString());
      assertEquals(INTERNAL, ArchiveFaults.describe(bug, "Ray"), bug.toString());
    }
  }

  @Test
  void theReadersTypedExceptionsAreArchiveFaults() {
    RuntimeException[] faults = {
      new ZimFormatException(ZimFault.DIRENT, "/srv/zim/ray.zim", 80, null, null),
      new GlassFormatException("postlist: 2 bytes at 8191 run past the end of a 8192-byte block"),
      new SearchException(SearchException.Reason.CORRUPT_INDEX, "full-text index damaged"),
      new UncheckedIOException("cannot read", new IOException("gone")),
      DocumentTooLargeException.entry("Ray", "A/Big", 10, 5)
    };
    for (RuntimeException fault : faults) {
      assertTrue(ArchiveFaults.isArchiveFault(fault), fault.toString());
    }
  }

  @Test
  void aDamagedGlassIndexIsDescribedAsSuch() {
    String said =
        ArchiveFaults.describe(
            new GlassFormatException("postlist block 3: level 7, expected 0"), "Ray");

    assertEquals(
        "the archive's full-text index is damaged: postlist block 3: level 7, expected 0", said);
  }
}
