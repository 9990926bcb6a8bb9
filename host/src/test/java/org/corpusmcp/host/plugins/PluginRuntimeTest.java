package org.corpusmcp.host.plugins;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.corpusmcp.host.Host;
import org.corpusmcp.host.config.HostSettings;
import org.corpusmcp.host.mcp.JsonText;
import org.corpusmcp.host.testing.PluginJarBuilder;
import org.corpusmcp.host.testing.SamplePlugins;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PluginRuntimeTest {

  @TempDir Path dir;

  private Host start(HostSettings settings) {
    return Host.start(settings, JsonText.newMapper(), List.of());
  }

  @Test
  void loadsPluginToolsWithTheirPrefixInDeclarationOrder() {
    SamplePlugins.write(dir);
    try (Host host = start(SamplePlugins.settings(dir))) {
      assertEquals(
          List.of("sample_echo", "sample_fail", "sample_boom", "sample_slow", "sample_printer"),
          host.catalog().tools().stream().map(RegisteredTool::name).toList());
      assertEquals("sample", host.plugins().get(0).id());
    }
  }

  @Test
  void operatorPrefixReplacesTheDefaultOne() {
    SamplePlugins.write(dir);
    HostSettings settings =
        new HostSettings(dir, Set.of(), Set.of(), Map.of("sample", ""), Map.of());
    try (Host host = start(settings)) {
      assertEquals("echo", host.catalog().tools().get(0).name());
      assertEquals("echo", host.catalog().tools().get(0).baseName());
    }
  }

  @Test
  void twoPluginsWithOneToolNameStopStartupNamingBoth() throws Exception {
    PluginJarBuilder.plugin("alpha")
        .source(
            "t.a.A",
            PluginJarBuilder.toolProvider("t.a", "A", "", PluginJarBuilder.echoSpec("echo")))
        .writeTo(dir);
    PluginJarBuilder.plugin("beta")
        .source(
            "t.b.B",
            PluginJarBuilder.toolProvider("t.b", "B", "", PluginJarBuilder.echoSpec("echo")))
        .writeTo(dir);
    PluginStartupException e =
        assertThrows(PluginStartupException.class, () -> start(SamplePlugins.settings(dir)));
    assertTrue(e.getMessage().contains("'echo'"), e.getMessage());
    assertTrue(
        e.getMessage().contains("plugin 'alpha'") && e.getMessage().contains("plugin 'beta'"),
        e.getMessage());
  }

  @Test
  void prefixesResolveAClash() throws Exception {
    PluginJarBuilder.plugin("alpha")
        .source(
            "t.a.A",
            PluginJarBuilder.toolProvider("t.a", "A", "", PluginJarBuilder.echoSpec("echo")))
        .writeTo(dir);
    PluginJarBuilder.plugin("beta")
        .source(
            "t.b.B",
            PluginJarBuilder.toolProvider("t.b", "B", "", PluginJarBuilder.echoSpec("echo")))
        .writeTo(dir);
    HostSettings settings =
        new HostSettings(dir, Set.of(), Set.of(), Map.of("beta", "beta_"), Map.of());
    try (Host host = start(settings)) {
      assertEquals(
          List.of("echo", "beta_echo"),
          host.catalog().tools().stream().map(RegisteredTool::name).toList());
    }
  }

  @Test
  void promptsAreCollectedInPluginOrderWithTheirOwnerAndDisabledPluginsContributeNone()
      throws Exception {
    PluginJarBuilder.plugin("zeta")
        .source(
            "t.z.Z",
            PluginJarBuilder.promptProvider(
                "t.z", "Z", PluginJarBuilder.promptSpec("zeta-usage", "z", "Use zeta.")))
        .writeTo(dir);
    SamplePlugins.writePromptPlugin(dir);
    try (Host host = start(SamplePlugins.settings(dir))) {
      assertEquals(
          List.of("usage-guide", "zeta-usage"),
          host.prompts().prompts().stream().map(RegisteredPrompt::name).toList());
      assertEquals(
          List.of("guide", "zeta"),
          host.prompts().prompts().stream().map(RegisteredPrompt::owner).toList());
      assertEquals(0, host.catalog().size(), "prompt-only plugins contribute no tools");
    }
    try (Host host = start(new HostSettings(dir, Set.of("zeta"), Set.of(), Map.of(), Map.of()))) {
      assertEquals(
          List.of("usage-guide"),
          host.prompts().prompts().stream().map(RegisteredPrompt::name).toList());
    }
    try (Host host = start(new HostSettings(dir, Set.of(), Set.of("zeta"), Map.of(), Map.of()))) {
      assertEquals(
          List.of("zeta-usage"),
          host.prompts().prompts().stream().map(RegisteredPrompt::name).toList());
    }
  }

  @Test
  void twoPluginsWithOnePromptNameStopStartupNamingBoth() throws Exception {
    for (String id : List.of("alpha", "beta")) {
      PluginJarBuilder.plugin(id)
          .source(
              "t." + id + ".P",
              PluginJarBuilder.promptProvider(
                  "t." + id,
                  "P",
                  PluginJarBuilder.promptSpec("usage", id + " usage", "Use " + id + ".")))
          .writeTo(dir);
    }
    PluginStartupException e =
        assertThrows(PluginStartupException.class, () -> start(SamplePlugins.settings(dir)));
    assertTrue(e.getMessage().contains("'usage'"), e.getMessage());
    assertTrue(
        e.getMessage().contains("plugin 'alpha'") && e.getMessage().contains("plugin 'beta'"),
        e.getMessage());
    // A tool prefix does not apply to prompts, so only disabling one plugin resolves the clash.
    HostSettings prefixed =
        new HostSettings(dir, Set.of(), Set.of(), Map.of("beta", "beta_"), Map.of());
    assertThrows(PluginStartupException.class, () -> start(prefixed));
    try (Host host = start(new HostSettings(dir, Set.of("beta"), Set.of(), Map.of(), Map.of()))) {
      assertEquals("alpha", host.prompts().find("usage").owner());
    }
  }

  @Test
  void aPromptProviderThatThrowsStopsStartupNamingThePlugin() throws Exception {
    PluginJarBuilder.plugin("broken")
        .source(
            "t.b.B",
            "package t.b; import java.util.*; import org.corpusmcp.api.*;"
                + "@org.pf4j.Extension public class B implements PromptProvider {"
                + " public List<PromptSpec> prompts(PluginContext c) {"
                + " return List.of(PromptSpec.builder(\"bad.name\").description(\"d\")"
                + ".message(PromptMessage.user(\"t\")).build()); } }")
        .writeTo(dir);
    PluginStartupException e =
        assertThrows(PluginStartupException.class, () -> start(SamplePlugins.settings(dir)));
    assertTrue(
        e.getMessage().contains("'broken'") && e.getMessage().contains("bad.name"), e.getMessage());
  }

  @Test
  void aToolProviderThatThrowsIsReportedInItsOwnWordsWithoutClassNames() throws Exception {
    PluginJarBuilder.plugin("refuses")
        .source(
            "t.r.R",
            "package t.r; import java.util.*; import org.corpusmcp.api.*;"
                + "@org.pf4j.Extension public class R implements ToolProvider {"
                + " public List<ToolSpec> tools(PluginContext c) {"
                + " throw new IllegalArgumentException(\"EXAMPLE_URL is not a URL: 'x y'\"); } }")
        .writeTo(dir);
    PluginStartupException e =
        assertThrows(PluginStartupException.class, () -> start(SamplePlugins.settings(dir)));
    assertEquals(
        "plugin 'refuses' could not start: its tools() failed: EXAMPLE_URL is not a URL: 'x y'",
        e.getMessage());
  }

  @Test
  void aPluginWithoutExtensionIndexIsRefusedByName() throws Exception {
    PluginJarBuilder.plugin("silent")
        .source(
            "t.s.S",
            PluginJarBuilder.toolProvider("t.s", "S", "", PluginJarBuilder.echoSpec("echo")))
        .withoutExtensionIndex()
        .writeTo(dir);
    PluginStartupException e =
        assertThrows(PluginStartupException.class, () -> start(SamplePlugins.settings(dir)));
    assertTrue(
        e.getMessage().contains("'silent'") && e.getMessage().contains("no extensions"),
        e.getMessage());
  }

  @Test
  void aPluginForANewerApiIsRefusedWithBothVersions() throws Exception {
    PluginJarBuilder.plugin("future")
        .requires(">=9.0.0")
        .source(
            "t.f.F",
            PluginJarBuilder.toolProvider("t.f", "F", "", PluginJarBuilder.echoSpec("echo")))
        .writeTo(dir);
    PluginStartupException e =
        assertThrows(PluginStartupException.class, () -> start(SamplePlugins.settings(dir)));
    assertTrue(
        e.getMessage().contains("'future'")
            && e.getMessage().contains(">=9.0.0")
            && e.getMessage().contains("0.1.0"),
        e.getMessage());
  }

  @Test
  void aToolNameOutsideTheClientSafeAlphabetIsRefused() throws Exception {
    PluginJarBuilder.plugin("dotty")
        .source(
            "t.d.D",
            PluginJarBuilder.toolProvider("t.d", "D", "dotty.", PluginJarBuilder.echoSpec("echo")))
        .writeTo(dir);
    PluginStartupException e =
        assertThrows(PluginStartupException.class, () -> start(SamplePlugins.settings(dir)));
    assertTrue(e.getMessage().contains("dotty.echo"), e.getMessage());
  }

  @Test
  void aProviderThatThrowsStopsStartupNamingThePlugin() throws Exception {
    PluginJarBuilder.plugin("broken")
        .source(
            "t.b.B",
            "package t.b; import java.util.*; import org.corpusmcp.api.*;"
                + "@org.pf4j.Extension public class B implements ToolProvider {"
                + " public List<ToolSpec> tools(PluginContext c) { throw new RuntimeException(\"no config\"); } }")
        .writeTo(dir);
    PluginStartupException e =
        assertThrows(PluginStartupException.class, () -> start(SamplePlugins.settings(dir)));
    assertTrue(
        e.getMessage().contains("'broken'") && e.getMessage().contains("no config"),
        e.getMessage());
  }

  @Test
  void disabledPluginsAreSkippedWhetherBySettingsOrByDisabledTxt() throws Exception {
    SamplePlugins.write(dir);
    PluginJarBuilder.plugin("other")
        .source(
            "t.o.O",
            PluginJarBuilder.toolProvider("t.o", "O", "other_", PluginJarBuilder.echoSpec("echo")))
        .writeTo(dir);
    try (Host host = start(new HostSettings(dir, Set.of("sample"), Set.of(), Map.of(), Map.of()))) {
      assertEquals(List.of("other"), host.plugins().stream().map(LoadedPlugin::id).toList());
    }
    Files.writeString(dir.resolve("disabled.txt"), "other\n");
    try (Host host = start(SamplePlugins.settings(dir))) {
      assertEquals(List.of("sample"), host.plugins().stream().map(LoadedPlugin::id).toList());
    }
  }

  @Test
  void aMissingPluginsDirectoryIsAClearStartupError() {
    PluginStartupException e =
        assertThrows(
            PluginStartupException.class, () -> start(SamplePlugins.settings(dir.resolve("nope"))));
    assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
  }
}
