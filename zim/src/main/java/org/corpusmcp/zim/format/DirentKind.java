package org.corpusmcp.zim.format;

/** The four kinds of dirent (item, redirect, link target, deleted); only items have content. */
public enum DirentKind {
  ITEM,
  REDIRECT,
  /** Legacy (old writers), no content. */
  LINK_TARGET,
  /** Legacy (old writers), no content. */
  DELETED
}
