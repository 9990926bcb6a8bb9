/**
 * The Arch wiki evidence tools: {@link org.corpusmcp.archwiki.ArchWikiToolProvider} registers them
 * with the host, {@link org.corpusmcp.archwiki.ArchWiki} implements them, and {@link
 * org.corpusmcp.archwiki.ArchWikiPromptProvider} adds the prompt that tells an agent how to use
 * them.
 *
 * <p>The tools answer as the Python server they replace did, byte for byte where hashes depend on
 * it; the deliberate departures from it are listed in {@code docs/archwiki.md}.
 */
@NullMarked
package org.corpusmcp.archwiki;

import org.jspecify.annotations.NullMarked;
