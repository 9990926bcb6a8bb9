package org.corpusmcp.conformance;

import java.util.List;
import java.util.Map;
import org.corpusmcp.api.PluginContext;
import org.corpusmcp.api.ResourceContents;
import org.corpusmcp.api.ResourceProvider;
import org.corpusmcp.api.ResourceSpec;
import org.corpusmcp.api.ResourceTemplateSpec;
import org.pf4j.Extension;

/**
 * The suite's fixture resources: one text, one binary, one to subscribe to, and a template that
 * echoes its id.
 */
@Extension
public final class FixtureResources implements ResourceProvider {

  @Override
  public List<ResourceSpec> resources(PluginContext context) {
    return List.of(
        ResourceSpec.builder("test://static-text", "static-text")
            .description("A fixed text resource")
            .mimeType("text/plain")
            .reader(
                request ->
                    List.of(
                        ResourceContents.text(
                            request.uri(),
                            "text/plain",
                            "This is the content of the static text resource.")))
            .build(),
        ResourceSpec.builder("test://static-binary", "static-binary")
            .description("A fixed binary resource (a PNG)")
            .mimeType("image/png")
            .reader(
                request ->
                    List.of(
                        ResourceContents.blob(
                            request.uri(), "image/png", FixtureMedia.RED_PIXEL_PNG)))
            .build(),
        // the resource the suite subscribes to; nothing in the fixture changes it
        ResourceSpec.builder("test://watched-resource", "watched-resource")
            .description("A resource clients may subscribe to")
            .mimeType("text/plain")
            .reader(
                request ->
                    List.of(
                        ResourceContents.text(
                            request.uri(), "text/plain", "This resource may be watched.")))
            .build());
  }

  @Override
  public List<ResourceTemplateSpec> resourceTemplates(PluginContext context) {
    return List.of(
        ResourceTemplateSpec.builder("test://template/{id}/data", "template-data")
            .description("Data for one id")
            .mimeType("application/json")
            .reader(
                request -> {
                  String id = String.valueOf(request.variable("id"));
                  // the host's JSON writes it, so an id with quotes in it stays one string
                  String data =
                      context
                          .json()
                          .write(
                              Map.of("id", id, "templateTest", true, "data", "Data for ID: " + id));
                  return List.of(ResourceContents.text(request.uri(), "application/json", data));
                })
            .build());
  }
}
