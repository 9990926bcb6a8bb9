package org.corpusmcp.host.plugins;

import org.corpusmcp.api.ResourceSpec;

/**
 * A resource as the host serves it, and who contributed it.
 *
 * @param owner the plugin id
 * @param spec the plugin's declaration
 * @param classLoader the owner's class loader, the context loader while its reader runs
 */
public record RegisteredResource(String owner, ResourceSpec spec, ClassLoader classLoader) {}
