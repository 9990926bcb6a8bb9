package org.corpusmcp.zim;

import java.io.IOException;
import java.nio.file.Path;

/** What the benchmarks share to measure cold reads the way libzim_bench.py does. */
public final class PageCache {

  private PageCache() {}

  /** Drops {@code file} from the OS page cache (posix_fadvise DONTNEED); false if it could not. */
  public static boolean evict(Path file) {
    try {
      Process p = new ProcessBuilder("/usr/bin/python3", "-c",
          "import os,sys\nfd=os.open(sys.argv[1],os.O_RDONLY)\nos.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED)",
          file.toAbsolutePath().toString()).inheritIO().start();
      return p.waitFor() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
