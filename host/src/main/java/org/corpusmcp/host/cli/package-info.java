/** The picocli command line. */
@NullMarked
package org.corpusmcp.host.cli;

import org.jspecify.annotations.NullMarked;
