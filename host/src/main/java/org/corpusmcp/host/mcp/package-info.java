/** MCP wiring on the Java SDK: the stdio and Streamable HTTP transports and their protocol gate. */
@NullMarked
package org.corpusmcp.host.mcp;

import org.jspecify.annotations.NullMarked;
