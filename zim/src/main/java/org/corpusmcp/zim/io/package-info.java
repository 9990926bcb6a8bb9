/** Positional byte access: files, slices, split and embedded archives. */
@NullMarked
package org.corpusmcp.zim.io;

import org.jspecify.annotations.NullMarked;
