package org.corpusmcp.host.tools;

import org.corpusmcp.api.LogLevel;
import org.jspecify.annotations.Nullable;

/**
 * Where a running call's progress and log messages go: each front end (a 2025-11-25 session, a
 * 2026-07-28 request, the CLI) supplies its own, which knows what its client asked for. Called from
 * the handler's thread; implementations must not throw.
 */
public interface CallReports {

  /** Reports that go nowhere: the client asked for none. */
  CallReports NONE =
      new CallReports() {
        @Override
        public void progress(double done, @Nullable Double total, @Nullable String message) {}

        @Override
        public void log(LogLevel level, String logger, String message) {}
      };

  void progress(double done, @Nullable Double total, @Nullable String message);

  /**
   * Passes on one log message.
   *
   * @param logger the tool's name, so a client showing several tools' messages can tell them apart
   */
  void log(LogLevel level, String logger, String message);
}
