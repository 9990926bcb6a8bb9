/**
 * Talking to the wiki: title and URL rules, the MediaWiki API client, the live HTTP transport and
 * the offline replay of recorded responses.
 */
@NullMarked
package org.corpusmcp.archwiki.wiki;

import org.jspecify.annotations.NullMarked;
