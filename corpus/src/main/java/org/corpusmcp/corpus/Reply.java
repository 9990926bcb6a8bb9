package org.corpusmcp.corpus;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a corpus call ends with: its value, or a failure the agent can act on. The host turns either
 * into a tool result; nothing here knows about MCP or JSON.
 */
public sealed interface Reply<T> permits Reply.Ok, Reply.Failed {

  static <T> Reply<T> ok(T value) {
    return new Ok<>(value);
  }

  static <T> Reply<T> failed(String code, String message) {
    return new Failed<>(code, message, null);
  }

  record Ok<T>(T value) implements Reply<T> {}

  /**
   * A failed request: what the client is told instead of a value.
   *
   * @param code a stable snake_case code: invalid_ref, not_found, section_not_found,
   *     document_too_large, archive_error, search_unavailable
   * @param missing for section_not_found: what was asked for and what there is
   */
  record Failed<T>(String code, String message, @Nullable MissingSections missing)
      implements Reply<T> {}

  /** The section ids a fetch asked for that the document does not have, and its outline. */
  record MissingSections(List<String> missingSections, List<OutlineEntry> availableSections) {}
}
