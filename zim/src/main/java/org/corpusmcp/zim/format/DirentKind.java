package org.corpusmcp.zim.format;

/** The four kinds of dirent (§A.7); only items have content. */
public enum DirentKind {
  ITEM,
  REDIRECT,
  /** Legacy (old writers), no content. */
  LINK_TARGET,
  /** Legacy (old writers), no content. */
  DELETED
}
