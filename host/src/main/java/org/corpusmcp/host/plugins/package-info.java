/** PF4J plugin loading and the catalogues of tools and prompts the plugins contribute. */
@NullMarked
package org.corpusmcp.host.plugins;

import org.jspecify.annotations.NullMarked;
