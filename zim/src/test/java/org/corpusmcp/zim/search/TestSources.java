package org.corpusmcp.zim.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.corpusmcp.zim.io.ByteArraySource;
import org.corpusmcp.zim.io.ByteSource;

/** Byte sources over test files (whole file in memory: the extracted databases are small). */
public final class TestSources {
  private TestSources() {}

  public static ByteSource file(Path p) {
    try {
      return new ByteArraySource(Files.readAllBytes(p));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
