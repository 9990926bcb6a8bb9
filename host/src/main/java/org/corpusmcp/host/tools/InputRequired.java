package org.corpusmcp.host.tools;

/**
 * Ends a handler's run on revision 2026-07-28 at its first ask that has no answer yet: the client
 * answers between rounds, not within one (see {@link org.corpusmcp.api.ClientInput}). Not a
 * failure, so it carries no stack trace and is never logged; what was asked stays with the front
 * end's input, which answers the round with it whatever the handler did with this exception.
 */
public final class InputRequired extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public InputRequired() {
    super("the client has not answered yet", null, false, false);
  }
}
