package org.corpusmcp.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The tool values read well from Java and Kotlin and say what they mean. */
class ToolValuesTest {

  @Test
  void hintsAreBuiltByName() {
    ToolHints local = ToolHints.localLookup();
    assertTrue(local.readOnly() && local.idempotent());
    assertFalse(local.destructive() || local.openWorld());
    ToolHints remote = ToolHints.remoteLookup();
    assertTrue(remote.readOnly() && remote.idempotent() && remote.openWorld());
    assertEquals(remote, local.toBuilder().openWorld(true).build());
  }

  @Test
  void aBuilderStartsFromWhatMcpAssumesOfAToolWithoutHints() {
    // MCP 2025-11-25 ToolAnnotations defaults: readOnlyHint false, destructiveHint true,
    // idempotentHint false, openWorldHint true.
    ToolHints none = ToolHints.builder().build();
    assertFalse(none.readOnly());
    assertTrue(none.destructive());
    assertFalse(none.idempotent());
    assertTrue(none.openWorld());
  }

  @Test
  void aReadOnlyToolIsNeverDestructive() {
    assertFalse(ToolHints.builder().readOnly(true).destructive(true).build().destructive());
  }

  @Test
  void integerArgumentsAreInts() {
    ToolArguments args = ToolArguments.of(Map.of("limit", 25L, "big", 3_000_000_000L, "half", 1.5));
    int limit = args.integer("limit", 10);
    assertEquals(25, limit);
    assertEquals(10, args.integer("absent", 10));
    IllegalStateException tooBig =
        assertThrows(IllegalStateException.class, () -> args.integer("big", 0));
    assertTrue(tooBig.getMessage().contains("outside the int range"), tooBig.getMessage());
    assertEquals(3_000_000_000L, args.longValue("big", 0));
    assertThrows(IllegalStateException.class, () -> args.integer("half", 0));
  }

  @Test
  void theApiVersionIsTheBuildsVersionWithoutItsQualifier() {
    String projectVersion = System.getProperty("plugin-api.project.version");
    assertEquals(projectVersion.replaceFirst("-.*$", ""), PluginApi.VERSION);
  }
}
