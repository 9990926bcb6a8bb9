/** The MCP conformance suite's fixture tools, prompts and resources, on plugin-api alone. */
@NullMarked
package org.corpusmcp.conformance;

import org.jspecify.annotations.NullMarked;
