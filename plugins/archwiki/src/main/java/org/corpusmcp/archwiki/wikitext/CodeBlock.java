package org.corpusmcp.archwiki.wikitext;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One block {@code commands} returns, before provenance is attached.
 *
 * @param content the cleaned payload: markup resolved, placeholders marked {@code <x>}
 * @param contentRaw the payload as written (indented blocks: one marker space removed per line)
 * @param header the cleaned {@code {{hc}}} header, or null
 * @param placeholders distinct italic tokens of the body, or null when there are none
 */
public record CodeBlock(
    String content,
    String contentRaw,
    Kind kind,
    @Nullable String header,
    @Nullable List<String> placeholders) {

  /** Where a block came from: its {@code source_pattern} and {@code block_type}. */
  public enum Kind {
    TEMPLATE_BC("template_bc", "block_code"),
    TEMPLATE_HC("template_hc", "file_content"),
    /** {@code <pre>…</pre>}: recognised by this implementation, not by the reference. */
    PRE_TAG("pre_tag", "preformatted"),
    INDENTED_BLOCK("indented_block", "preformatted");

    private final String sourcePattern;
    private final String blockType;

    Kind(String sourcePattern, String blockType) {
      this.sourcePattern = sourcePattern;
      this.blockType = blockType;
    }

    public String sourcePattern() {
      return sourcePattern;
    }

    public String blockType() {
      return blockType;
    }
  }

  public String contentHash() {
    return Hashes.sha256(contentRaw);
  }

  public String contentHashCleaned() {
    return Hashes.sha256(content);
  }
}
