/**
 * The ZIM inspector, {@code corpus-mcp zim info|entries|cat|search|suggest}: zim's reader and its
 * libzim-compatible search on the command line, printing JSON named as {@code zim_oracle.py} names
 * it. The host registers {@link org.corpusmcp.zimtool.ZimCommand} as a subcommand and knows nothing
 * else of it, so the host itself never reads an archive but through corpus.
 */
@NullMarked
package org.corpusmcp.zimtool;

import org.jspecify.annotations.NullMarked;
