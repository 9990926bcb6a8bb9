package org.corpusmcp.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The MCP registry entry (server.json) describes the release that this build makes: same version,
 * an image tag of that version, the image's default port, and only settings the server reads.
 */
class RegistryEntryIT {

  private static final Path ROOT =
      Path.of(System.getProperty("release.dir")).getParent().getParent();
  private static final String VERSION = System.getProperty("release.version");

  @Test
  void theEntryDescribesThisRelease() throws Exception {
    JsonNode entry =
        JsonMapper.builder().build().readTree(Files.readString(ROOT.resolve("server.json")));
    assertTrue(
        entry.path("name").asString().matches("[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+"),
        "registry names are reverse-DNS namespace/name: " + entry.path("name"));
    assertEquals(VERSION, entry.path("version").asString(), "server.json's version is the build's");
    JsonNode image = entry.path("packages").path(0);
    assertEquals("oci", image.path("registryType").asString());
    assertTrue(
        image.path("identifier").asString().endsWith(":" + VERSION),
        "the image tag is the version: " + image.path("identifier"));
    // The image listens on MCP_PORT=8000 (scripts/build-image.sh) and serves /mcp.
    assertEquals("http://127.0.0.1:8000/mcp", image.path("transport").path("url").asString());

    String readme =
        Files.readString(ROOT.resolve("README.md"))
            + Files.readString(ROOT.resolve("docs/security.md"));
    for (JsonNode variable : image.path("environmentVariables")) {
      String name = variable.path("name").asString();
      assertTrue(readme.contains(name), name + " is documented in README.md or docs/security.md");
    }
  }
}
