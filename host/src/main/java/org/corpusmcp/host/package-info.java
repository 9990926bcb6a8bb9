/** The corpus-mcp process: wiring of plugins, MCP transports, CLI and the corpus service. */
@NullMarked
package org.corpusmcp.host;

import org.jspecify.annotations.NullMarked;
