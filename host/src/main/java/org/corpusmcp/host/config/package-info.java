/** Host settings from flags and the environment. */
@NullMarked
package org.corpusmcp.host.config;

import org.jspecify.annotations.NullMarked;
