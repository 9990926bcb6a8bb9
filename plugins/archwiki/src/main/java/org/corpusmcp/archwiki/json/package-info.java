/**
 * Steps through the JSON documents this plugin reads: the MediaWiki API's answers and the tool
 * results handed to {@code verify}. The text itself is read and written by the host's JSON, lent
 * through {@code PluginContext.json()}, so the plugin carries no parser of its own.
 */
@NullMarked
package org.corpusmcp.archwiki.json;

import org.jspecify.annotations.NullMarked;
