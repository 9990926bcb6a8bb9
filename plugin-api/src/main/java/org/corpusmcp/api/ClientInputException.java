package org.corpusmcp.api;

/**
 * The client did not answer a request for input: it failed, refused or ran out of time. The host
 * turns one that a handler lets through into an error result of code {@code client_input_failed}
 * saying so; a handler may catch it and go on without the input.
 */
public class ClientInputException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public ClientInputException(String message) {
    super(message);
  }
}
