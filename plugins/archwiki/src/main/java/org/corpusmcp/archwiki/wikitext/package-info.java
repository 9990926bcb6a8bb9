/**
 * Wikitext rules: template extents and parameters, the strip pass, code blocks, admonitions,
 * section rendering, links and search snippets. Pure functions over strings; no I/O.
 */
@NullMarked
package org.corpusmcp.archwiki.wikitext;

import org.jspecify.annotations.NullMarked;
