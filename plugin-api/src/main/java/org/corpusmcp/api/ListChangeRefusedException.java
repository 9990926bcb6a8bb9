package org.corpusmcp.api;

/**
 * The host refused a plugin's new tool or prompt list ({@link ListChanges}): the message says which
 * rule it breaks (a name another plugin serves, a name that does not fit, a schema that is not an
 * object schema, a provider that failed). The plugin's previous list is still served.
 */
public class ListChangeRefusedException extends IllegalStateException {

  private static final long serialVersionUID = 1L;

  public ListChangeRefusedException(String message) {
    super(message);
  }

  public ListChangeRefusedException(String message, Throwable cause) {
    super(message, cause);
  }
}
