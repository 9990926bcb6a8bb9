package org.corpusmcp.archwiki.wikitext;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The shared wikitext primitives on hand-written text: a template's extent, its top-level parameter
 * split, named-parameter prefixes and {@code <nowiki>} spans.
 */
class TemplatesTest {

  private static int end(String s) {
    return Templates.extent(s, 0);
  }

  @Test
  void extentHandlesLiteralBracesParametersAndTrailingBraces() {
    assertEquals("{{ic|menuentry \"t\" {opts}}}".length(), end("{{ic|menuentry \"t\" {opts}}}"));
    assertEquals("{{Pkg|impala}}".length(), end("{{Pkg|impala}}}}"));
    assertEquals("{{bc|{{{1|default}}}}}".length(), end("{{bc|{{{1|default}}}}}"));
    assertEquals("{{Note|{|class=x\n|a\n|}}}".length(), end("{{Note|{|class=x\n|a\n|}}}"));
    assertEquals("{{App|x|{{Pkg|y}}}}".length(), end("{{App|x|{{Pkg|y}}}} tail"));
    assertEquals(-1, end("{{bc|never closed"));
    assertEquals(-1, end("{{"));
  }

  @Test
  void splitRespectsNestingAndTheLimit() {
    assertEquals(List.of("bc", "a | b | c"), Templates.split("bc|a | b | c", 1));
    assertEquals(List.of("hc", "f", "a|b"), Templates.split("hc|f|a|b", 2));
    assertEquals(List.of("hc", "{{ic|x}}", "body"), Templates.split("hc|{{ic|x}}|body", 2));
    assertEquals(List.of("hc", "[[A|B]]", "body"), Templates.split("hc|[[A|B]]|body", 2));
    assertEquals(List.of("Note", "{|\n|a\n|}"), Templates.split("Note|{|\n|a\n|}", 1));
    assertEquals(List.of("bc"), Templates.split("bc", 1));
  }

  @Test
  void namedParameterPrefixIsDroppedOnlyForAcceptedNames() {
    assertEquals("echo", Templates.stripParamName("1=echo", Set.of("1")));
    assertEquals(" echo", Templates.stripParamName(" 1 = echo", Set.of("1")));
    assertEquals("GRUB_ENABLE=y", Templates.stripParamName("GRUB_ENABLE=y", Set.of("1")));
    assertEquals("x", Templates.stripParamName("output=x", Set.of("2", "output")));
    assertEquals("2=x", Templates.stripParamName("2=x", Set.of("1")));
  }

  @Test
  void nowikiMaskKeepsLengthAndNewlines() {
    String text = "a <nowiki>{{bc|x}}\n[[L]]</NOWIKI> b";
    String mask = Nowiki.mask(text);
    assertEquals(text.length(), mask.length());
    assertEquals("a " + "\u0000".repeat(16) + "\n" + "\u0000".repeat(14) + " b", mask);
  }

  @Test
  void nowikiSpansAreTheRegexSpans() {
    for (String text :
        java.util.List.of(
            "a <nowiki>x</nowiki> b <NoWiki>y\nz</NOWIKI>",
            "<nowiki><nowiki>x</nowiki></nowiki>",
            "<nowiki>never closed",
            "</nowiki><nowiki>",
            "<nowiki/> <nowiki></nowiki>",
            "<now<nowiki>x</nowiki>")) {
      java.util.List<String> expected = new java.util.ArrayList<>();
      java.util.regex.Matcher m = Nowiki.SPAN.matcher(text);
      while (m.find()) {
        expected.add(m.start() + "-" + m.end());
      }
      assertEquals(
          expected, Nowiki.spans(text).stream().map(s -> s[0] + "-" + s[1]).toList(), text);
    }
  }

  @Test
  void topLevelSkipsNestedAndUnterminatedTemplates() {
    List<Templates.Span> spans =
        Templates.topLevel("{{Note|x {{ic|y}}}} {{broken| {{Tip|z}}", Templates.ANY);
    assertEquals(2, spans.size());
    assertEquals("note", spans.get(0).name());
    assertEquals("tip", spans.get(1).name());
  }
}
