/** PF4J plugin loading and the catalogue of tools the plugins contribute. */
@NullMarked
package org.corpusmcp.host.plugins;

import org.jspecify.annotations.NullMarked;
