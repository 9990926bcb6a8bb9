package org.corpusmcp.archwiki;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.corpusmcp.api.PromptMessage;
import org.corpusmcp.api.PromptSpec;
import org.corpusmcp.api.ToolSpec;
import org.corpusmcp.archwiki.wiki.ErrorCode;
import org.corpusmcp.testkit.TestContexts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The usage prompt against what a client must be told (every tool, and every output field whose
 * meaning is not obvious from its name), and against this plugin's real tools and output fields, so
 * the policy never names something the agent cannot find.
 */
class UsagePromptTest {

  private static final PromptSpec PROMPT =
      new ArchWikiPromptProvider().prompts(TestContexts.of("archwiki", Map.of())).get(0);
  private static final String TEXT = PROMPT.messages().get(0).text();

  @Test
  void theContractsOnePromptIsListedAsSpecified() {
    List<PromptSpec> prompts =
        new ArchWikiPromptProvider().prompts(TestContexts.of("archwiki", Map.of()));
    assertEquals(1, prompts.size());
    assertEquals("arch-wiki-usage", PROMPT.name());
    assertEquals("How to use Arch Wiki MCP without becoming a liar", PROMPT.description());
    assertEquals(1, PROMPT.messages().size());
    assertEquals(PromptMessage.Role.USER, PROMPT.messages().get(0).role());
  }

  /** Every output field whose meaning is not obvious is mentioned, each as a word of its own. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "revision_url",
        "revision_wikitext_url",
        "wikitext_hash",
        "content_raw",
        "content_hash_cleaned",
        "placeholders",
        "message_raw",
        "message_hash_cleaned",
        "alias",
        "alias_target",
        "alias_revid",
        "alias_revision_url",
        "snippet",
        "match"
      })
  void mentionsTheField(String field) {
    assertTrue(
        Pattern.compile("(?<![A-Za-z0-9_])" + field + "(?![A-Za-z0-9_])").matcher(TEXT).find(),
        field);
  }

  @ParameterizedTest
  @ValueSource(strings = {"must not synthesize", "section()", "content_raw"})
  void containsWhatTheContractRequires(String phrase) {
    assertTrue(TEXT.contains(phrase), phrase);
  }

  @Test
  void saysHowToCiteAnAliasTypedWarning() {
    String flat = TEXT.replace("`", "").replace("*", "").replace("\"", "").replaceAll("\\s+", " ");
    assertTrue(
        flat.contains("cite Template:<alias> at alias_revid"),
        "once backticks, * and \" are dropped and whitespace collapsed");
  }

  @ParameterizedTest
  @ValueSource(strings = {"examples()", "Heuristic inference", "returns raw wikitext only"})
  void neverContains(String phrase) {
    assertFalse(TEXT.contains(phrase), phrase);
    assertFalse(
        TEXT.toLowerCase(java.util.Locale.ROOT).contains(phrase.toLowerCase(java.util.Locale.ROOT)),
        phrase);
  }

  /** Each tool by its short name, and as the host serves it under the default prefix. */
  @Test
  void namesEveryToolThisPluginServes() {
    ArchWikiToolProvider tools = new ArchWikiToolProvider();
    List<String> names =
        tools.tools(TestContexts.of("archwiki", Map.of("ARCHWIKI_OFFLINE", "1"))).stream()
            .map(ToolSpec::name)
            .toList();
    for (String name : names) {
      assertTrue(TEXT.contains(name + "()"), name + "()");
    }
    assertTrue(TEXT.contains("`" + tools.defaultToolPrefix() + "section`"), "prefixed section");
    assertTrue(TEXT.contains("`" + tools.defaultToolPrefix() + "`"), "the default prefix");
  }

  /**
   * Every backquoted lower_snake_case word is a key or value of some tool's output schema, an error
   * code of this plugin, a tool name under the default prefix, or {@code redirected_from}: a
   * renamed field would otherwise leave the policy pointing at nothing.
   */
  @Test
  void everyFieldItNamesExists() {
    String schemas =
        String.join(
            "\n",
            OutputSchemas.SEARCH,
            OutputSchemas.PAGE,
            OutputSchemas.SECTIONS,
            OutputSchemas.SECTION,
            OutputSchemas.COMMANDS,
            OutputSchemas.WARNINGS,
            OutputSchemas.LINKS,
            OutputSchemas.VERIFY);
    Set<String> extra = new TreeSet<>();
    extra.add("redirected_from"); // present only when a page redirect was followed
    for (ErrorCode code : ErrorCode.values()) {
      extra.add(code.code());
    }
    ArchWikiToolProvider tools = new ArchWikiToolProvider();
    tools
        .tools(TestContexts.of("archwiki", Map.of("ARCHWIKI_OFFLINE", "1")))
        .forEach(t -> extra.add(tools.defaultToolPrefix() + t.name()));
    Set<String> unknown = new TreeSet<>();
    Matcher m = Pattern.compile("`([a-z][a-z0-9]*(?:_[a-z0-9]+)*)`").matcher(TEXT);
    while (m.find()) {
      String word = m.group(1);
      if (!schemas.contains("\"" + word + "\"") && !extra.contains(word)) {
        unknown.add(word);
      }
    }
    assertEquals(Set.of(), unknown);
  }
}
