/**
 * Reading ZIM archives, the format Kiwix uses for offline Wikipedia and friends, in pure Java.
 *
 * <p>Start at {@link org.corpusmcp.zim.Zim#open(java.nio.file.Path)}. The public face is {@link
 * org.corpusmcp.zim.Zim}, {@link org.corpusmcp.zim.Archive}, {@link org.corpusmcp.zim.Entry},
 * {@link org.corpusmcp.zim.Blob}, {@link org.corpusmcp.zim.ZimOptions} and the exception types;
 * {@code org.corpusmcp.zim.format} is internal and may change without notice.
 */
@NullMarked
package org.corpusmcp.zim;

import org.jspecify.annotations.NullMarked;
