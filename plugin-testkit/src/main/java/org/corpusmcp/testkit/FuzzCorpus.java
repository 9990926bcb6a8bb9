package org.corpusmcp.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Hostile and broken HTML every adapter must survive, each kept as a replayable case so a crash
 * once found stays fixed: deep nesting of every structure the renderer treats specially, huge
 * attributes and texts, broken and unclosed markup, duplicate and case-variant anchors, control
 * characters, inline {@code data:} images. Generated in code so the inputs are large without
 * bloating the repository; the random cases use fixed seeds.
 *
 * <p>Add a case here whenever a crash or a hang is found, with a comment saying what it caught.
 */
public final class FuzzCorpus {

  /** One hostile input. */
  public record Case(String name, String html) {
    @Override
    public String toString() {
      return name; // keeps JUnit display names short
    }
  }

  private FuzzCorpus() {}

  /** Every case, in a fixed order. */
  public static List<Case> cases() {
    List<Case> c = new ArrayList<>();
    c.add(new Case("empty", ""));
    c.add(new Case("whitespace", " \n\t\u00A0 "));
    c.add(new Case("lone angle brackets", "<<<>>> < > </ <! <? <h2"));
    c.add(new Case("only a head", "<html><head><title>x</title></head></html>"));
    c.add(
        new Case(
            "unclosed everything",
            "<p><b><i>text<h2>Head<table><td>cell<ul><li>item<blockquote>quote<pre>code"));
    c.add(
        new Case(
            "broken attributes",
            "<h2 id=\">x</h2><a href=\">y<<///><h3 id='unterminated>z</h3><a href>empty</a>"));
    c.add(new Case("unclosed comment", "<p>before</p><!-- never closed <h2>Hidden</h2>"));
    c.add(
        new Case(
            "script tricks",
            "<script>document.write('</scr'+'ipt><h2>x</h2>')</script><style>h2{}</style>"
                + "<p>after</p><script><!--</script><h2 id=\"real\">Real</h2><p>t</p>"));
    c.add(
        new Case(
            "duplicate and case-variant anchors",
            "<p>lead</p><h2 id=\"A\">A</h2><p>1</p><h2 id=\"A\">A</h2><p>2</p><h2 id=\"a\">a</h2>"
                + "<p>3</p><h2 id=\"A_2\">A_2</h2><p>4</p><h3>A</h3><h3> </h3><h4 id=\"\">A</h4>"));
    c.add(
        new Case(
            "control characters in ids and text",
            "<h2 id=\"a\u0001b\u0000c\">x\u0007y</h2><p>\u0000\u0001\u001F text \uFFFF \uD800</p>"));
    c.add(
        new Case(
            "data image",
            "<p>Look: <img alt=\"\" src=\"data:image/png;base64,"
                + "iVBORw0KGgo".repeat(20_000)
                + "\"> <img src=\"data:image/gif;base64,R0lGOD\"></p>"));
    c.add(new Case("javascript link", "<p><a href=\"javascript:alert(1)\">click</a></p>"));
    c.add(new Case("deep divs", nest("<div>", "</div>", 20_000, "<p>bottom</p><h2>Deep</h2>x")));
    c.add(
        new Case(
            "deep details and sections",
            nest(
                "<details><summary><h2 id=\"s\">S</h2></summary><section>",
                "</section></details>",
                2_000,
                "t")));
    c.add(new Case("deep lists", nest("<ul><li>", "</li></ul>", 10_000, "leaf")));
    c.add(
        new Case(
            "deep ordered lists",
            nest("<ol start=\"999999999999\"><li>", "</li></ol>", 5_000, "leaf")));
    c.add(new Case("deep tables", nest("<table><tr><td>", "</td></tr></table>", 3_000, "cell")));
    c.add(
        new Case(
            "deep key-value tables",
            nest("<table><tr><th>k</th><td>", "</td></tr></table>", 2_000, "v")));
    c.add(
        new Case(
            "deep emphasis and links",
            nest("<b><i><a href=\"x\"><em>", "</em></a></i></b>", 10_000, "word")));
    c.add(new Case("deep blockquotes", nest("<blockquote>", "</blockquote>", 10_000, "q")));
    c.add(new Case("deep definition lists", nest("<dl><dt>t</dt><dd>", "</dd></dl>", 5_000, "d")));
    c.add(new Case("deep spans with headings", nest("<span><h3>h</h3>", "</span>", 2_000, "s")));
    c.add(
        new Case(
            "huge attribute", "<div title=\"" + "x".repeat(2_000_000) + "\"><p>text</p></div>"));
    c.add(
        new Case(
            "huge heading id and text",
            "<h2 id=\"" + "i".repeat(1_000_000) + "\">" + "T".repeat(200_000) + "</h2><p>b</p>"));
    c.add(new Case("huge word", "<p>" + "w".repeat(1_000_000) + "</p>"));
    c.add(new Case("many headings", "<h2>H</h2><p>p</p>".repeat(3_000)));
    c.add(
        new Case(
            "wide table",
            "<table><tr>"
                + "<td colspan=\"1000\">c</td>".repeat(5_000)
                + "</tr><tr><td>x</td></tr></table>"));
    c.add(new Case("fence in code", "<pre>```\n````\ncode\n```</pre><p><code>`a``b`</code></p>"));
    c.add(
        new Case(
            "markdown in text",
            "<p># not a heading</p><p>- not a list</p><p>1. not ordered</p><p>*x* _y_ `z` <b>[a](b)</b></p>"
                + "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>"));
    c.add(new Case("random markup seed 1", randomMarkup(1, 20_000)));
    c.add(new Case("random markup seed 2", randomMarkup(2, 20_000)));
    c.add(new Case("random bytes", randomText(3, 50_000)));
    return List.copyOf(c);
  }

  private static String nest(String open, String close, int depth, String inner) {
    StringBuilder sb = new StringBuilder((open.length() + close.length()) * depth + inner.length());
    sb.append(open.repeat(depth)).append(inner).append(close.repeat(depth));
    return sb.toString();
  }

  private static final String[] TAGS = {
    "div",
    "p",
    "h2",
    "h3",
    "h4",
    "ul",
    "ol",
    "li",
    "dl",
    "dt",
    "dd",
    "table",
    "tr",
    "td",
    "th",
    "b",
    "i",
    "a",
    "code",
    "pre",
    "blockquote",
    "details",
    "summary",
    "section",
    "span",
    "br",
    "img",
    "sup",
    "style",
    "script",
    "svg",
    "math",
    "caption",
    "thead",
    "tbody"
  };

  private static String randomMarkup(long seed, int tokens) {
    Random random = new Random(seed);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < tokens; i++) {
      String tag = TAGS[random.nextInt(TAGS.length)];
      switch (random.nextInt(6)) {
        case 0 ->
            sb.append('<')
                .append(tag)
                .append(" id=\"")
                .append(random.nextInt(50))
                .append("\" href=\"h")
                .append(random.nextInt(9))
                .append("\">");
        case 1 -> sb.append("</").append(tag).append('>');
        case 2 ->
            sb.append('<')
                .append(tag)
                .append(" colspan=")
                .append(random.nextInt(5) - 1)
                .append(" start=x class=\"navbox lang-c\">");
        case 3 -> sb.append(" text ").append(random.nextInt(100)).append(" | * ` ");
        case 4 ->
            sb.append("<!--").append(random.nextBoolean() ? "htdig_noindex" : "x").append("-->");
        default -> sb.append("&amp;&nbsp;&#0;&#x1F600;");
      }
    }
    return sb.toString();
  }

  private static String randomText(long seed, int chars) {
    Random random = new Random(seed);
    StringBuilder sb = new StringBuilder(chars);
    for (int i = 0; i < chars; i++) {
      sb.append((char) random.nextInt(0x3000));
    }
    return sb.toString();
  }
}
