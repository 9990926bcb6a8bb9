/**
 * Internal: decoders for the structures of a ZIM archive (zim-and-libzim-search.md §A). Each class
 * opens with its structure's grammar. Not for use outside {@code org.corpusmcp.zim}; may change
 * without notice.
 */
@NullMarked
package org.corpusmcp.zim.format;

import org.jspecify.annotations.NullMarked;
