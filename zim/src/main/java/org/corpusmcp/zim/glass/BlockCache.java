package org.corpusmcp.zim.glass;

import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import org.corpusmcp.zim.io.ByteSource;

/**
 * Reads blocks on demand and keeps the most recently used ones (the root and upper branch levels
 * are touched by every lookup). Bounded by a block count, so the memory a database costs does not
 * depend on its size. Blocks are immutable once read and may be shared by threads.
 */
final class BlockCache {
  private final ByteSource source;
  private final int maxBlocks;
  private final Map<Long, byte[]> lru;

  BlockCache(ByteSource source, int maxBlocks) {
    this.source = source;
    this.maxBlocks = maxBlocks;
    this.lru =
        new LinkedHashMap<>(64, 0.75f, true) {
          private static final long serialVersionUID = 1L;

          @Override
          protected boolean removeEldestEntry(Map.Entry<Long, byte[]> eldest) {
            return size() > BlockCache.this.maxBlocks;
          }
        };
  }

  byte[] block(long n, int blockSize) {
    long key = n * 65536L + (blockSize >>> 11);
    synchronized (lru) {
      byte[] b = lru.get(key);
      if (b != null) {
        return b;
      }
    }
    long offset = n * blockSize;
    if (n < 1 || offset + blockSize > source.size() || offset < 0) {
      throw new GlassFormatException(
          "block "
              + n
              + " ("
              + blockSize
              + " bytes) lies outside the database of "
              + source.size()
              + " bytes");
    }
    byte[] b = new byte[blockSize];
    source.read(offset, ByteBuffer.wrap(b)); // inside: checked above
    synchronized (lru) {
      lru.put(key, b);
    }
    return b;
  }
}
