package org.corpusmcp.archwiki;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.corpusmcp.api.PluginContext;
import org.corpusmcp.api.PromptMessage;
import org.corpusmcp.api.PromptProvider;
import org.corpusmcp.api.PromptSpec;
import org.pf4j.Extension;

/**
 * Registers the contract's one prompt, {@value #NAME}: the policy an agent follows to answer from
 * the wiki tools without inventing anything. The text is Markdown in {@code arch-wiki-usage.md}
 * beside this class, so it reads as the agent will see it.
 *
 * <p>The text calls the tools by the contract's short names ({@code section()}) and gives the names
 * under the default prefix; a plugin cannot know an operator's prefix ({@code --tool-prefix} never
 * reaches its settings), so it says how to find the tools when the prefix differs.
 */
@Extension
public final class ArchWikiPromptProvider implements PromptProvider {

  static final String NAME = "arch-wiki-usage";
  static final String DESCRIPTION = "How to use Arch Wiki MCP without becoming a liar";
  private static final String TEXT_RESOURCE = "arch-wiki-usage.md";

  @Override
  public List<PromptSpec> prompts(PluginContext context) {
    return List.of(usagePrompt());
  }

  static PromptSpec usagePrompt() {
    return PromptSpec.builder(NAME)
        .title("Arch Wiki MCP usage policy")
        .description(DESCRIPTION)
        .message(PromptMessage.user(usageText()))
        .build();
  }

  /** The policy text; a jar without it is a broken build, so its absence stops startup. */
  static String usageText() {
    try (InputStream in = ArchWikiPromptProvider.class.getResourceAsStream(TEXT_RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(TEXT_RESOURCE + " is missing from the archwiki plugin jar");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + TEXT_RESOURCE, e);
    }
  }
}
