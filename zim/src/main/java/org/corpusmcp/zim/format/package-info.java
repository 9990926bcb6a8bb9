/**
 * Internal: decoders for the structures of a ZIM archive (openZIM ZIM file format spec). Each class
 * opens with its structure's grammar. Not for use outside {@code org.corpusmcp.zim}; may change
 * without notice.
 */
@NullMarked
package org.corpusmcp.zim.format;

import org.jspecify.annotations.NullMarked;
