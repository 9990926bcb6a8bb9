package org.corpusmcp.host.mcp;

import io.modelcontextprotocol.server.McpServerFeatures.SyncPromptSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import org.corpusmcp.api.PromptMessage;
import org.corpusmcp.api.PromptSpec;
import org.corpusmcp.host.plugins.PromptCatalog;
import org.corpusmcp.host.plugins.RegisteredPrompt;

/**
 * Turns the prompt catalogue into MCP SDK prompt specifications. Prompts take no arguments, so each
 * {@code prompts/get} answer is built once here and returned as is; an unknown name never reaches
 * these handlers (the {@link ProtocolGate} answers it).
 */
public final class McpPromptBridge {

  private McpPromptBridge() {}

  /** One SDK specification per catalogue entry, in catalogue order. */
  public static List<SyncPromptSpecification> specifications(PromptCatalog catalog) {
    return catalog.prompts().stream().map(McpPromptBridge::specification).toList();
  }

  private static SyncPromptSpecification specification(RegisteredPrompt prompt) {
    PromptSpec spec = prompt.spec();
    McpSchema.GetPromptResult result =
        new McpSchema.GetPromptResult(
            spec.description(),
            spec.messages().stream().map(McpPromptBridge::message).toList(),
            null);
    return new SyncPromptSpecification(describe(prompt), (exchange, request) -> result);
  }

  /** The prompt as {@code prompts/list} shows it: {@code arguments} is present and empty. */
  public static McpSchema.Prompt describe(RegisteredPrompt prompt) {
    PromptSpec spec = prompt.spec();
    return McpSchema.Prompt.builder(spec.name())
        .title(spec.title())
        .description(spec.description())
        .arguments(List.of())
        .build();
  }

  private static McpSchema.PromptMessage message(PromptMessage message) {
    McpSchema.Role role =
        switch (message.role()) {
          case USER -> McpSchema.Role.USER;
          case ASSISTANT -> McpSchema.Role.ASSISTANT;
        };
    return new McpSchema.PromptMessage(role, new McpSchema.TextContent(null, message.text(), null));
  }
}
