/** Calling tools: argument validation against input schemas and result conversion. */
@NullMarked
package org.corpusmcp.host.tools;

import org.jspecify.annotations.NullMarked;
