/**
 * The {@code mediawiki} corpus adapter: mwoffliner archives (Wikipedia, MDWiki, Wikibooks,
 * Wikivoyage…) of all four markup eras (2014 Parsoid to 2025 ActionParse). The cleaning rules are
 * one immutable {@link org.corpusmcp.markdown.CleaningPolicy} ({@link
 * org.corpusmcp.mediawiki.MediaWikiPolicy}); the shared engine and renderer from plugin-api do the
 * work.
 */
@NullMarked
package org.corpusmcp.mediawiki;

import org.jspecify.annotations.NullMarked;
