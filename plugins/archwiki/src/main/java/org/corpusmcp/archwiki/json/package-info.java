/**
 * A small JSON reader and writer (RFC 8259) private to this plugin: it reads the MediaWiki API's
 * answers and the tool results handed to {@code verify}. Written here rather than bundled, because
 * the host's Jackson is not visible to plugins and a shaded copy would be a megabyte for a job of a
 * few hundred lines.
 */
@NullMarked
package org.corpusmcp.archwiki.json;

import org.jspecify.annotations.NullMarked;
