package org.corpusmcp.archwiki.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.corpusmcp.api.PluginJson;
import org.corpusmcp.api.PluginJsonException;
import org.corpusmcp.archwiki.wiki.ErrorCode;
import org.corpusmcp.archwiki.wiki.MediaWikiClient;
import org.corpusmcp.archwiki.wiki.WikiException;
import org.corpusmcp.archwiki.wiki.WikiTransport;
import org.corpusmcp.testkit.TestContexts;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Tag;

/**
 * Jazzer over the wiki's API answers: JSON text the wiki sent, read as the plugin reads it and
 * walked by every {@link MediaWikiClient} call the tools make (page parse, revision, siteinfo, link
 * prefixes, search, template aliases), all through {@link JsonTree}. The wiki is an outside party:
 * a call either answers or fails with {@link WikiException}, whose message names no Java class, and
 * {@link JsonTree#integer} gives a number only when it is exactly the JSON's number.
 */
@Tag("fuzz")
class WikiAnswersFuzzTest {

  private static final Pattern CLASS_NAME =
      Pattern.compile("\\b(java|javax|tools\\.jackson|com\\.fasterxml|org\\.corpusmcp)\\.[a-z]+");

  /** Beginnings of real answers, so mutations start inside the shapes the client walks. */
  private static final String[] PREFIXES = {
    "",
    "{\"parse\":{\"title\":\"GRUB\",\"pageid\":1,\"revid\":",
    "{\"parse\":{\"title\":\"GRUB\",\"pageid\":1,\"revid\":2,\"wikitext\":{\"*\":\"x\"},"
        + "\"sections\":[{\"toclevel\":",
    "{\"error\":{\"code\":\"missingtitle\",\"info\":",
    "{\"query\":{\"general\":{\"server\":\"//wiki.example.org\",\"articlepath\":",
    "{\"query\":{\"namespaces\":{\"1\":{\"id\":",
    "{\"query\":{\"search\":[{\"title\":\"A\",\"pageid\":",
    "{\"query\":{\"pages\":[{\"title\":\"Template:Note\",\"redirect\":",
  };

  private static final PluginJson JSON = TestContexts.json();

  @FuzzTest(maxDuration = "30s")
  void answersAreReadOrRefusedWithAWikiException(FuzzedDataProvider data) {
    int call = data.consumeInt(0, 5);
    WikiTransport transport = request -> answer(data);
    MediaWikiClient fixedSite = new MediaWikiClient(JSON, transport, data.consumeBoolean());
    MediaWikiClient anySite =
        new MediaWikiClient(JSON, transport, true, URI.create("https://wiki.example.org/api.php"));
    try {
      switch (call) {
        case 0 -> fixedSite.parse("GRUB");
        case 1 -> fixedSite.revisionWikitext(858930);
        case 2 -> anySite.site();
        case 3 -> fixedSite.excludedLinkPrefixes();
        case 4 -> fixedSite.search("grub", 5, data.consumeBoolean() ? "text" : "nearmatch");
        default -> fixedSite.admonitionTypes(Set.of("archnote", "tip2", "warnung"), "GRUB");
      }
    } catch (WikiException e) {
      if (CLASS_NAME.matcher(String.valueOf(e.getMessage())).find()) {
        throw new AssertionError("a Java class name in the message: " + e.getMessage(), e);
      }
    }
  }

  /** One answer, read as {@code HttpTransport} reads one; every number in it checked. */
  private static Object answer(FuzzedDataProvider data) {
    String text = PREFIXES[data.consumeInt(0, PREFIXES.length - 1)] + data.consumeString(2_000);
    Object doc;
    try {
      doc = JSON.parse(text);
    } catch (PluginJsonException e) {
      throw new WikiException(ErrorCode.UPSTREAM_API_ERROR, "undecodable JSON", e);
    }
    if (doc == null) {
      throw new WikiException(ErrorCode.UPSTREAM_API_ERROR, "JSON null");
    }
    checkIntegers(doc);
    return doc;
  }

  /** {@link JsonTree#integer} of every value in the document is exact, or null. */
  private static void checkIntegers(Object doc) {
    ArrayDeque<Object> todo = new ArrayDeque<>(List.of(doc));
    while (!todo.isEmpty()) {
      Object value = todo.pop();
      if (value instanceof Map<?, ?> map) {
        map.values().stream().filter(v -> v != null).forEach(todo::push);
      } else if (value instanceof List<?> list) {
        list.stream().filter(v -> v != null).forEach(todo::push);
      } else {
        Long integer = JsonTree.integer(value);
        BigDecimal exact = exact(value);
        if (integer != null) {
          assertEquals(
              0, exact.compareTo(BigDecimal.valueOf(integer)), () -> value + " read as " + integer);
        } else if (exact != null && exact.stripTrailingZeros().scale() <= 0) {
          BigInteger whole = exact.toBigIntegerExact();
          if (whole.bitLength() < 64) {
            throw new AssertionError(value + " is a whole number within a long, read as none");
          }
        }
      }
    }
  }

  private static @Nullable BigDecimal exact(Object value) {
    if (value instanceof Long l) {
      return BigDecimal.valueOf(l);
    }
    if (value instanceof BigInteger b) {
      return new BigDecimal(b);
    }
    if (value instanceof Double d) {
      return new BigDecimal(d);
    }
    return null;
  }
}
