package org.corpusmcp.host.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.corpusmcp.host.config.HostSettings;

/** The plugin set most host tests run against, built once per test directory. */
public final class SamplePlugins {

  private SamplePlugins() {}

  /**
   * Writes plugin {@code sample} (prefix {@code sample_}) with tools: {@code echo} (validated
   * arguments, output schema), {@code fail} (a typed error), {@code boom} (throws), {@code slow}
   * (sleeps {@code ms} then answers), {@code printer} (writes to System.out, which in stdio mode
   * must never reach the JSON-RPC channel).
   */
  public static Path write(Path dir) {
    try {
      Files.createDirectories(dir);
      PluginJarBuilder.plugin("sample")
          .source(
              "test.sample.SampleTools",
              PluginJarBuilder.toolProvider(
                  "test.sample",
                  "SampleTools",
                  "sample_",
                  PluginJarBuilder.echoSpec("echo"),
                  simple(
                      "fail",
                      "ToolResult.error(\"page_not_found\", \"No such page: x\","
                          + " Map.of(\"available\", List.of(\"a\", \"b\")))"),
                  simple(
                      "boom", "{ throw new IllegalStateException(\"secret internal detail\"); }"),
                  "ToolSpec.builder(\"slow\").description(\"Sleeps\")"
                      + ".inputSchema(\"{\\\"type\\\":\\\"object\\\",\\\"properties\\\":{\\\"ms\\\":"
                      + "{\\\"type\\\":\\\"integer\\\"},\\\"tag\\\":{\\\"type\\\":\\\"string\\\"}}}\")"
                      + ".handler(a -> { try { Thread.sleep(a.integer(\"ms\", 0)); }"
                      + " catch (InterruptedException e) { Thread.currentThread().interrupt(); }"
                      + " return ToolResult.success(Map.of(\"tag\", a.optionalString(\"tag\") == null ? \"\" : a.optionalString(\"tag\"))); })"
                      + ".build()",
                  simple(
                      "printer",
                      "{ System.out.println(\"plugin noise on stdout\");"
                          + " return ToolResult.success(Map.of(\"printed\", true)); }")))
          .writeTo(dir);
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The prompt of the {@code guide} plugin ({@link #writePromptPlugin}). */
  public static final String GUIDE_PROMPT = "usage-guide";

  public static final String GUIDE_DESCRIPTION = "How to cite what the tools return";
  public static final String GUIDE_TEXT =
      "Quote tool results verbatim.\nSay \"I don't know\" rather than guess.";

  /**
   * Writes plugin {@code guide}, which contributes no tools and one prompt, {@value #GUIDE_PROMPT},
   * whose only message is {@link #GUIDE_TEXT} from the user.
   */
  public static Path writePromptPlugin(Path dir) {
    try {
      Files.createDirectories(dir);
      PluginJarBuilder.plugin("guide")
          .source(
              "test.guide.GuidePrompts",
              PluginJarBuilder.promptProvider(
                  "test.guide",
                  "GuidePrompts",
                  PluginJarBuilder.promptSpec(GUIDE_PROMPT, GUIDE_DESCRIPTION, GUIDE_TEXT)))
          .writeTo(dir);
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A tool with no arguments whose handler body is {@code body} (an expression or block). */
  static String simple(String name, String body) {
    return "ToolSpec.builder(\""
        + name
        + "\").description(\""
        + name
        + " tool\")"
        + ".inputSchema(\"{\\\"type\\\":\\\"object\\\",\\\"properties\\\":{},"
        + "\\\"additionalProperties\\\":false}\")"
        + ".handler(a -> "
        + body
        + ").build()";
  }

  /** Settings that load exactly {@code dir}, with an otherwise empty environment. */
  public static HostSettings settings(Path dir) {
    return settings(dir, Map.of());
  }

  public static HostSettings settings(Path dir, Map<String, String> env) {
    return new HostSettings(dir, java.util.Set.of(), java.util.Set.of(), Map.of(), env);
  }
}
