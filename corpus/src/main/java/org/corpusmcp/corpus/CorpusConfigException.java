package org.corpusmcp.corpus;

/**
 * corpus.toml is unusable, or a library in it cannot be opened. The message names the file or the
 * library and says what to change; the server does not start (no partially functional mode).
 */
public final class CorpusConfigException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public CorpusConfigException(String message) {
    super(message);
  }

  public CorpusConfigException(String message, Throwable cause) {
    super(message, cause);
  }
}
