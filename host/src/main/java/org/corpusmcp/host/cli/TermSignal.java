package org.corpusmcp.host.cli;

import org.slf4j.LoggerFactory;
import sun.misc.Signal;

/**
 * Runs an action on SIGTERM instead of letting the JVM start its shutdown.
 *
 * <p>On SIGTERM the JVM runs its shutdown hooks and exits with status 143 whatever they do; a
 * graceful stop that lets the command end normally (and exit 0) needs the signal itself. The JDK
 * offers that only through {@code sun.misc.Signal} (module {@code jdk.unsupported}, present in
 * every JDK since 9 and used by the JDK's own tools). Where the signal cannot be caught the JVM's
 * usual handling stays, and the caller's shutdown hook (if any) still runs.
 */
final class TermSignal {

  private TermSignal() {}

  /** Installs {@code onTerm} for SIGTERM; it runs on a thread of its own, once per signal. */
  static void handle(Runnable onTerm) {
    try {
      Signal.handle(new Signal("TERM"), signal -> onTerm.run());
    } catch (IllegalArgumentException | UnsupportedOperationException e) {
      LoggerFactory.getLogger(TermSignal.class)
          .debug("SIGTERM cannot be caught here: {}", e.toString());
    }
  }
}
