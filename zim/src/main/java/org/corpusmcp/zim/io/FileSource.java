package org.corpusmcp.zim.io;

import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;

/**
 * A {@link ByteSource} over one file, read with positional reads ({@code pread(2)}).
 *
 * <p>Not memory maps: a mapped file that is truncated or replaced in place while it is open (an
 * update copied over it, a full disk, a network share going away) makes every later access to the
 * lost pages a {@code SIGBUS}, which the JVM turns into an {@link InternalError} that may surface
 * after the read returned, far from any code that could handle it. A positional read of a shortened
 * file simply returns fewer bytes, which this class reports as an {@link UncheckedIOException}
 * naming the file, so the archive above fails with an ordinary I/O error.
 *
 * <p>Positional reads do not move the channel's position, so any number of threads may read at
 * once. A {@link FileChannel} is closed for every thread when one thread reading from it is
 * interrupted (a search cancelled at its deadline); the interrupted read fails, and the channel is
 * reopened for the others.
 */
public final class FileSource implements ByteSource {

  private final Path path;
  private final long size;
  private final Object reopenLock = new Object();
  private volatile FileChannel channel;
  private volatile boolean closed;

  private FileSource(Path path, FileChannel channel, long size) {
    this.path = path;
    this.channel = channel;
    this.size = size;
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

  /** The file's size when it was opened; the archive's structures are checked against it. */
  @Override
  public long size() {
    return size;
  }

  @Override
  public void read(long position, ByteBuffer destination) {
    Objects.checkFromIndexSize(position, destination.remaining(), size);
    long at = position;
    while (destination.hasRemaining()) {
      FileChannel current = channel;
      int n;
      try {
        n = current.read(destination, at);
      } catch (ClosedByInterruptException e) {
        reopen(current);
        throw new UncheckedIOException(
            new InterruptedIOException("reading " + path + " was interrupted"));
      } catch (AsynchronousCloseException e) {
        reopen(current); // another reader was interrupted: read again from a fresh channel
        continue;
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + path + " at offset " + at, e);
      }
      if (n < 0) {
        throw new UncheckedIOException(
            new EOFException(
                path
                    + " ends before offset "
                    + at
                    + " though it had "
                    + size
                    + " bytes when opened: it was truncated or replaced while open"));
      }
      at += n;
    }
  }

  private void reopen(FileChannel dead) {
    synchronized (reopenLock) {
      if (closed) {
        throw new UncheckedIOException(new IOException(path + " is closed"));
      }
      if (channel != dead) {
        return; // another thread reopened it already
      }
      boolean interrupted =
          Thread.interrupted(); // open() would fail again for an interrupted thread
      try {
        channel = FileChannel.open(path, StandardOpenOption.READ);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot reopen " + path, e);
      } finally {
        if (interrupted) {
          Thread.currentThread().interrupt();
        }
      }
    }
  }

  @Override
  public ByteSource slice(long offset, long length) {
    return SliceSource.of(this, offset, length);
  }

  @Override
  public void close() {
    synchronized (reopenLock) {
      closed = true;
      try {
        channel.close();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot close " + path, e);
      }
    }
  }

  @Override
  public String toString() {
    return path.toString();
  }
}
