package org.corpusmcp.host.plugins;

import org.corpusmcp.api.ResourceTemplateSpec;

/**
 * A resource template as the host serves it, and who contributed it.
 *
 * @param owner the plugin id
 * @param spec the plugin's declaration
 * @param classLoader the owner's class loader, the context loader while its reader runs
 */
public record RegisteredResourceTemplate(
    String owner, ResourceTemplateSpec spec, ClassLoader classLoader) {}
