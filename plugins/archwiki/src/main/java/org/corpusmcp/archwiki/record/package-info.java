/** Recording replay fixtures from a live wiki ({@code corpus-mcp archwiki record}). */
@NullMarked
package org.corpusmcp.archwiki.record;

import org.jspecify.annotations.NullMarked;
