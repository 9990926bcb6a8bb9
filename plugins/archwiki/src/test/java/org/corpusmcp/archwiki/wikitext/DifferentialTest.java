package org.corpusmcp.archwiki.wikitext;

import static org.corpusmcp.testkit.TestContexts.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * 600 random wikitexts (fragments chosen to stress every wikitext rule) with the outputs the
 * reference implementation gave for them, recorded by {@code
 * src/test/scripts/record_reference_fuzz.py}. Cases that touch a deliberate departure from the
 * reference (the Pacman NUL slice, the three-parameter {@code man} template, {@code *:}
 * continuation lines) were left out when recording, so every remaining case must match exactly:
 * code blocks, warnings, section rendering, links and search snippets.
 */
class DifferentialTest {

  @Test
  @SuppressWarnings("unchecked")
  void matchesTheReferenceOnRandomWikitext() throws IOException {
    List<Object> cases;
    try (InputStream in = getClass().getResourceAsStream("reference-fuzz.json")) {
      cases = (List<Object>) json().parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
    assertEquals(600, cases.size());
    List<String> failures = new ArrayList<>();
    for (Object c : cases) {
      Map<String, Object> expected = (Map<String, Object>) c;
      String text = (String) expected.get("input");
      Map<String, Object> actual = new LinkedHashMap<>();
      actual.put("input", text);
      List<Object> commands = new ArrayList<>();
      for (CodeBlock b : CodeBlocks.extract(text)) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("content", b.content());
        m.put("content_raw", b.contentRaw());
        m.put("source_pattern", b.kind().sourcePattern());
        m.put("header", b.header());
        m.put("placeholders", b.placeholders());
        commands.add(m);
      }
      actual.put("commands", commands);
      List<Object> warnings = new ArrayList<>();
      for (Admonitions.Block b : Admonitions.extract(text, Map.of())) {
        warnings.add(
            Map.of("type", b.type().name(), "message", b.message(), "message_raw", b.messageRaw()));
      }
      actual.put("warnings", warnings);
      actual.put("section", SectionRenderer.render(text));
      List<Object> links = new ArrayList<>();
      for (Links.Link l : Links.extract(text, "Page", Set.of("category", "de", "file"))) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("target_page", l.targetPage());
        m.put("display_text", l.displayText());
        m.put("source_page", "Page");
        m.put("anchor", l.anchor());
        links.add(m);
      }
      actual.put("links", links);
      actual.put("snippet", SearchSnippets.clean(text));
      for (String key : List.of("commands", "warnings", "section", "links", "snippet")) {
        if (!json()
            .parse(json().write(expected.get(key)))
            .equals(json().parse(json().write(actual.get(key))))) {
          failures.add(
              key
                  + " differs for "
                  + json().write(text)
                  + "\n  reference: "
                  + json().write(expected.get(key))
                  + "\n  ours:      "
                  + json().write(actual.get(key)));
        }
      }
    }
    assertTrue(
        failures.isEmpty(),
        failures.size()
            + " differences, first:\n"
            + String.join("\n", failures.subList(0, Math.min(5, failures.size()))));
  }
}
