package org.corpusmcp.corpus;

import java.nio.ByteBuffer;
import java.util.function.Supplier;
import org.corpusmcp.zim.io.ByteSource;
import org.jspecify.annotations.Nullable;

/**
 * An archive's bytes that read as the file's until {@link #fail} is set, then throw what it makes
 * on every read, slices included: damage as the readers report it (an {@link
 * java.io.UncheckedIOException}) or a bug below the catch under test (an {@link
 * IllegalStateException}), at a moment the test chooses.
 */
public final class FaultySource implements ByteSource {

  private final ByteSource bytes;
  private final Switch fault;

  /** What every read throws while set. */
  public static final class Switch {
    private volatile @Nullable Supplier<? extends RuntimeException> fault;

    private void check() {
      Supplier<? extends RuntimeException> f = fault;
      if (f != null) {
        throw f.get();
      }
    }
  }

  public FaultySource(ByteSource bytes) {
    this(bytes, new Switch());
  }

  private FaultySource(ByteSource bytes, Switch fault) {
    this.bytes = bytes;
    this.fault = fault;
  }

  /** From now on every read of this source or a slice of it throws what {@code fault} makes. */
  public void fail(Supplier<? extends RuntimeException> fault) {
    this.fault.fault = fault;
  }

  @Override
  public long size() {
    return bytes.size();
  }

  @Override
  public void read(long position, ByteBuffer destination) {
    fault.check();
    bytes.read(position, destination);
  }

  @Override
  public ByteSource slice(long offset, long length) {
    return new FaultySource(bytes.slice(offset, length), fault);
  }

  @Override
  public void close() {
    bytes.close();
  }
}
