package org.corpusmcp.archwiki.wikitext;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** Admonition extraction for {@code warnings}. */
public final class Admonitions {

  private static final Set<String> ONE = Set.of("1");

  /**
   * What a template name denotes. {@code type} null = resolved and not an admonition (a real,
   * cacheable answer). The alias fields are set only when the type came from a redirect.
   */
  public record Resolution(
      @Nullable AdmonitionType type,
      @Nullable String alias,
      @Nullable String aliasTarget,
      @Nullable Long aliasRevid) {

    public static final Resolution NOT_AN_ADMONITION = new Resolution(null, null, null, null);

    public static Resolution selfAttested(AdmonitionType type) {
      return new Resolution(type, null, null, null);
    }
  }

  /** One admonition block, before provenance is attached. */
  public record Block(
      AdmonitionType type,
      String message,
      String messageRaw,
      @Nullable String alias,
      @Nullable String aliasTarget,
      @Nullable Long aliasRevid) {}

  private Admonitions() {}

  /**
   * Every top-level admonition in {@code wikitext}, in document order. Scans the nowiki mask: at
   * each <code>{{</code> the template's extent is found (unterminated → move on two characters),
   * its interior split once, and the name typed by {@code types} (lookup keys, see {@link
   * TemplateNames#key}) or else by its own spelling. Nested templates are never separate blocks.
   * {@code message_raw} = parameter 1 minus {@code 1=}, trimmed.
   */
  public static List<Block> extract(String wikitext, Map<String, Resolution> types) {
    List<Block> blocks = new ArrayList<>();
    String scan = Nowiki.mask(wikitext);
    int i = 0;
    while (i < scan.length()) {
      int start = scan.indexOf("{{", i);
      if (start < 0) {
        break;
      }
      int end = Templates.extent(scan, start);
      if (end < 0) {
        i = start + 2;
        continue;
      }
      i = end;
      List<String> parts = Templates.split(wikitext.substring(start + 2, end - 2), 1);
      String name = PyText.strip(parts.get(0));
      Resolution resolution = types.get(TemplateNames.key(name));
      if (resolution == null) {
        AdmonitionType own = AdmonitionType.ofName(name);
        resolution = own == null ? Resolution.NOT_AN_ADMONITION : Resolution.selfAttested(own);
      }
      AdmonitionType type = resolution.type();
      if (type == null) {
        continue;
      }
      String raw =
          parts.size() > 1 ? PyText.strip(Templates.stripParamName(parts.get(1), ONE)) : "";
      blocks.add(
          new Block(
              type,
              Markup.cleanMessage(raw),
              raw,
              resolution.alias(),
              resolution.aliasTarget(),
              resolution.aliasRevid()));
    }
    return blocks;
  }
}
