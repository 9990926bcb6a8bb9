package org.corpusmcp.host;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Supplier;

/**
 * A value a start makes on a thread of its own while the main thread goes on with work that does
 * not need it: the machine has a second core, and a start does everything else on one thread, in
 * order. {@link #get} waits for the value and throws what making it threw, as if it had been made
 * on the calling thread, so a start fails with the same error either way.
 *
 * <p>The thread is a daemon: a command that never asks for the value (a {@code --version}) does not
 * wait for it to exit. Use it only for work whose result is certain to be wanted by every command
 * that creates the task, or that is cheap to waste, and which touches nothing the main thread
 * changes meanwhile.
 *
 * @param <T> the value
 */
public final class StartupTask<T> {

  private final FutureTask<T> task;

  private StartupTask(FutureTask<T> task) {
    this.task = task;
  }

  /** Starts making the value on a daemon thread named {@code name}. */
  public static <T> StartupTask<T> start(String name, Supplier<T> maker) {
    FutureTask<T> task = new FutureTask<>(maker::get);
    Thread thread = new Thread(task, name);
    thread.setDaemon(true);
    thread.start();
    return new StartupTask<>(task);
  }

  /**
   * The value, once made; rethrows what the maker threw (an unchecked exception or an error as it
   * is). An interrupt while waiting is kept on the thread and ends the wait with an {@link
   * IllegalStateException}.
   */
  public T get() {
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return task.get();
        } catch (InterruptedException e) {
          interrupted = true;
          // the value is still needed: a start that was interrupted is ended by its own caller
          if (task.isDone()) {
            continue;
          }
          throw new IllegalStateException("interrupted while waiting for the start-up task", e);
        } catch (ExecutionException e) {
          Throwable cause = e.getCause();
          if (cause instanceof RuntimeException runtime) {
            throw runtime;
          }
          if (cause instanceof Error error) {
            throw error;
          }
          throw new IllegalStateException(cause);
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
