package org.corpusmcp.api;

import java.util.List;
import org.pf4j.ExtensionPoint;

/**
 * Contributes MCP resources: data a client can list and read by URI, for its user or its model to
 * put in context (a document, a schema, a listing). Annotate the implementation with
 * {@code @org.pf4j.Extension} and override either method or both.
 *
 * <p>The host calls both methods once at startup and serves the result for the life of the process,
 * so the lists never change and no {@code list_changed} notification is ever sent. What a resource
 * reads may change: say so through {@link PluginContext#resourceChanges()}, and clients subscribed
 * to its URI are told to read it again. URIs are not prefixed: a plugin should use a scheme of its
 * own ({@code archwiki://…}). Two plugins that contribute one URI, or one URI template, stop
 * startup, naming both. A host advertises the MCP resources capability only when some plugin
 * contributes a resource or a template.
 *
 * <p>Readers may be called concurrently from several threads; they must be thread-safe.
 */
public interface ResourceProvider extends ExtensionPoint {

  /** Resources with a fixed URI, in the order {@code resources/list} should show them. */
  default List<ResourceSpec> resources(PluginContext context) {
    return List.of();
  }

  /**
   * Families of resources named by a URI template, in the order {@code resources/templates/list}
   * should show them.
   */
  default List<ResourceTemplateSpec> resourceTemplates(PluginContext context) {
    return List.of();
  }
}
