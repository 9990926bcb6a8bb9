/**
 * Read-only access to Xapian "glass" single-file databases, the full-text and title indexes
 * embedded in ZIM archives (Xapian 1.4). {@link org.corpusmcp.zim.glass.GlassDatabase} is opened
 * once over a {@link org.corpusmcp.zim.io.ByteSource}, is immutable and thread-safe; the posting
 * iterators it hands out belong to one query (one thread). Blocks are read on demand through a
 * small bounded cache, so memory does not grow with the index.
 */
@NullMarked
package org.corpusmcp.zim.glass;

import org.jspecify.annotations.NullMarked;
