package org.corpusmcp.zim.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A {@link ByteSource} over one file, read through memory maps.
 *
 * <p>The file is mapped lazily in windows of {@value #WINDOW_BITS}-bit size (1 GiB), each mapped
 * on first touch, so opening a 100 GB file maps nothing and costs one {@code open(2)}. A read that
 * crosses a window boundary is split in two. Reads use absolute bulk gets on the shared maps, so
 * any number of threads may read at once without locking.
 *
 * <p>{@link #close()} closes the channel; maps already made stay valid until they are garbage
 * collected (the JDK offers no safe unmap), so reading after close is possible but not supported.
 */
public final class FileSource implements ByteSource {

  static final int WINDOW_BITS = 30;
  private static final long WINDOW = 1L << WINDOW_BITS;

  private final Path path;
  private final FileChannel channel;
  private final long size;
  private final AtomicReferenceArray<MappedByteBuffer> windows;

  private FileSource(Path path, FileChannel channel, long size) {
    this.path = path;
    this.channel = channel;
    this.size = size;
    this.windows = new AtomicReferenceArray<>((int) ((size + WINDOW - 1) >>> WINDOW_BITS));
  }

  /** Opens {@code path} read-only. Throws {@link UncheckedIOException} when it cannot be opened. */
  public static FileSource open(Path path) {
    Objects.requireNonNull(path, "path");
    try {
      FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
      try {
        return new FileSource(path, channel, channel.size());
      } catch (RuntimeException e) {
        channel.close();
        throw e;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open " + path, e);
    }
  }

  /** The file this source reads. */
  public Path path() {
    return path;
  }

  @Override
  public long size() {
    return size;
  }

  @Override
  public void read(long position, ByteBuffer destination) {
    int n = destination.remaining();
    Objects.checkFromIndexSize(position, n, size);
    while (n > 0) {
      int w = (int) (position >>> WINDOW_BITS);
      int inWindow = (int) (position & (WINDOW - 1));
      MappedByteBuffer map = window(w);
      int k = Math.min(n, map.capacity() - inWindow);
      if (destination.hasArray()) {
        int at = destination.position();
        map.get(inWindow, destination.array(), destination.arrayOffset() + at, k);
        destination.position(at + k);
      } else {
        destination.put(map.slice(inWindow, k));
      }
      position += k;
      n -= k;
    }
  }

  private MappedByteBuffer window(int w) {
    MappedByteBuffer map = windows.get(w);
    if (map == null) {
      long start = (long) w << WINDOW_BITS;
      try {
        map = channel.map(FileChannel.MapMode.READ_ONLY, start, Math.min(WINDOW, size - start));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot map " + path, e);
      }
      if (!windows.compareAndSet(w, null, map)) {
        map = windows.get(w);
      }
    }
    return map;
  }

  @Override
  public ByteSource slice(long offset, long length) {
    return SliceSource.of(this, offset, length);
  }

  @Override
  public void close() {
    try {
      channel.close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close " + path, e);
    }
  }

  @Override
  public String toString() {
    return path.toString();
  }
}
