package org.corpusmcp.conformance;

import java.util.List;
import org.corpusmcp.api.LogLevel;
import org.corpusmcp.api.PluginContext;
import org.corpusmcp.api.ResourceContents;
import org.corpusmcp.api.ToolCall;
import org.corpusmcp.api.ToolContent;
import org.corpusmcp.api.ToolProvider;
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.api.ToolSpec;
import org.pf4j.Extension;

/**
 * The suite's fixture tools, under the names and with the contents its scenarios expect (the
 * scenario descriptions in {@code @modelcontextprotocol/conformance}).
 */
@Extension
public final class FixtureTools implements ToolProvider {

  static final String NO_ARGUMENTS = "{\"type\":\"object\",\"properties\":{}}";

  /** The suite's schema for {@code json_schema_2020_12_tool}, keyword for keyword. */
  static final String SCHEMA_2020_12 =
      """
      {"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",
       "$defs":{"address":{"$anchor":"addressDef","type":"object",
         "properties":{"street":{"type":"string"},"city":{"type":"string"}}}},
       "properties":{"name":{"type":"string"},"address":{"$ref":"#/$defs/address"},
         "contactMethod":{"type":"string","enum":["phone","email"]},
         "phone":{"type":"string"},"email":{"type":"string"}},
       "allOf":[{"anyOf":[{"required":["phone"]},{"required":["email"]}]}],
       "if":{"properties":{"contactMethod":{"const":"phone"}},"required":["contactMethod"]},
       "then":{"required":["phone"]},"else":{"required":["email"]},
       "additionalProperties":false}""";

  /** The pause between the reports of the logging and progress tools, as the suite asks. */
  static final long STEP_MILLIS = 50;

  @Override
  public List<ToolSpec> tools(PluginContext context) {
    return List.of(
        tool("test_simple_text", "Returns simple text")
            .handler(
                args ->
                    ToolResult.content(
                        ToolContent.text("This is a simple text response for testing.")))
            .build(),
        tool("test_image_content", "Returns an image")
            .handler(
                args ->
                    ToolResult.content(ToolContent.image(FixtureMedia.RED_PIXEL_PNG, "image/png")))
            .build(),
        tool("test_audio_content", "Returns audio")
            .handler(
                args -> ToolResult.content(ToolContent.audio(FixtureMedia.SILENT_WAV, "audio/wav")))
            .build(),
        tool("test_embedded_resource", "Returns an embedded resource")
            .handler(
                args ->
                    ToolResult.content(
                        ToolContent.resource(
                            ResourceContents.text(
                                "test://embedded-resource",
                                "text/plain",
                                "This is an embedded resource content."))))
            .build(),
        tool("test_multiple_content_types", "Returns text, an image and a resource")
            .handler(
                args ->
                    ToolResult.content(
                        ToolContent.text("Multiple content types test:"),
                        ToolContent.image(FixtureMedia.RED_PIXEL_PNG, "image/png"),
                        ToolContent.resource(
                            ResourceContents.text(
                                "test://mixed-content-resource",
                                "application/json",
                                "{\"test\":\"data\",\"value\":123}"))))
            .build(),
        tool("test_tool_with_logging", "Sends three log messages while it runs")
            .callHandler(FixtureTools::logThrice)
            .build(),
        tool("test_logging_tool", "Sends three log messages while it runs")
            .callHandler(FixtureTools::logThrice)
            .build(),
        tool("test_tool_with_progress", "Reports progress 0, 50 and 100 of 100")
            .callHandler(FixtureTools::progressThrice)
            .build(),
        tool("test_error_handling", "Always fails")
            .handler(
                args ->
                    ToolResult.error(
                        "test_error", "This tool intentionally returns an error for testing"))
            .build(),
        ToolSpec.builder("json_schema_2020_12_tool")
            .description("Takes arguments described with JSON Schema 2020-12 keywords")
            .inputSchema(SCHEMA_2020_12)
            .handler(args -> ToolResult.success(args.asMap()))
            .build());
  }

  private static ToolSpec.Builder tool(String name, String description) {
    return ToolSpec.builder(name).description(description).inputSchema(NO_ARGUMENTS);
  }

  private static ToolResult logThrice(ToolCall call) {
    call.log(LogLevel.INFO, "Tool execution started");
    pause();
    call.log(LogLevel.INFO, "Tool processing data");
    pause();
    call.log(LogLevel.INFO, "Tool execution completed");
    return ToolResult.content(ToolContent.text("Tool with logging executed successfully"));
  }

  private static ToolResult progressThrice(ToolCall call) {
    call.progress(0, 100);
    pause();
    call.progress(50, 100);
    pause();
    call.progress(100, 100);
    return ToolResult.content(ToolContent.text("Tool with progress executed successfully"));
  }

  private static void pause() {
    try {
      Thread.sleep(STEP_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
