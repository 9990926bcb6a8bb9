package org.corpusmcp.zim;

/** The header's major version is not one this reader (or libzim) understands: 5 or 6. */
public final class UnsupportedZimVersionException extends ZimFormatException {

  private static final long serialVersionUID = 1L;

  public UnsupportedZimVersionException(String file, int major, int minor) {
    super(ZimFault.UNSUPPORTED_VERSION, file, 4, "5.x or 6.x", major + "." + minor);
  }
}
