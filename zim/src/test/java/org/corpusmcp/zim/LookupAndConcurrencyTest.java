package org.corpusmcp.zim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/** Title lookups, title order, old-path compatibility and concurrent reads, against libzim. */
class LookupAndConcurrencyTest {

  static Stream<Named<Path>> archives() {
    return ArchiveOracleTest.archives();
  }

  private static boolean frontArticle(JsonNode r) {
    String ns = r.get("namespace").asString();
    return (ns.equals("C") || ns.equals("A"))
        && r.get("kind").asString().equals("item")
        && r.path("mimetype").asString("").startsWith("text/html");
  }

  @ParameterizedTest
  @MethodSource("archives")
  void everyArticleIsFoundByItsTitleAndPrefix(Path zim) {
    JsonNode expected = Oracle.entries(zim, "--no-content");
    try (Archive a = Zim.open(zim)) {
      int checked = 0;
      for (JsonNode r : expected.get("entries")) {
        if (!frontArticle(r)) {
          continue;
        }
        String title = r.get("title").asString();
        Entry e = a.findByTitle(title);
        assertNotNull(e, "title " + title);
        assertEquals(title, e.title());
        String prefix = title.substring(0, Math.min(title.length(), 2 + checked % 4));
        List<Entry> found = a.findByTitlePrefix(prefix, 100_000);
        assertTrue(
            found.stream().anyMatch(f -> f.index() == r.get("index").asInt()),
            "prefix " + prefix + " misses " + title);
        byte[] p = prefix.getBytes(StandardCharsets.UTF_8);
        for (Entry f : found) {
          byte[] t = f.title().getBytes(StandardCharsets.UTF_8);
          assertTrue(
              t.length >= p.length && Arrays.equals(t, 0, p.length, p, 0, p.length), f.title());
        }
        checked++;
      }
      assertTrue(checked > 0);
      assertNull(a.findByTitle("\u0001 no such title"));
      assertTrue(a.findByTitlePrefix("\u0001 none", 10).isEmpty());
    }
  }

  @ParameterizedTest
  @MethodSource("archives")
  void titleOrderIsByteOrder(Path zim) {
    JsonNode info = Oracle.info(zim);
    try (Archive a = Zim.open(zim)) {
      byte[] previous = new byte[0];
      int n = 0;
      for (Entry e : a.entriesByTitle()) {
        byte[] t = e.title().getBytes(StandardCharsets.UTF_8);
        assertTrue(
            Arrays.compareUnsigned(previous, t) <= 0,
            new String(previous, StandardCharsets.UTF_8) + " > " + e.title());
        previous = t;
        n++;
      }
      if (a.hasFrontArticleListing()) {
        assertEquals(info.get("libzim").get("article_count").asInt(), n, "article count (v1 size)");
      }
      int byPath = 0;
      for (Entry e : a.entriesByPath()) {
        byPath++;
        assertTrue(!a.hasNewNamespaceScheme() || e.namespace() == 'C');
      }
      assertEquals(info.get("libzim").get("entry_count").asInt(), byPath);
    }
  }

  @Test
  void oldStylePathsResolveInNewArchives() {
    Path zim = Oracle.samples().resolve("zim-testing-suite/nons/small.zim");
    try (Archive a = Zim.open(zim)) {
      Entry main = a.expectByPath("main.html");
      assertEquals(main, a.findByPath("A/main.html"));
      assertEquals(main, a.findByPath("/A/main.html"));
      assertEquals(main, a.findByPath("/C/main.html"));
      assertNull(a.findByPath("Counter"), "metadata is not a user path");
      assertNotNull(a.findByNamespace('M', "Counter"));
      assertThrows(java.util.NoSuchElementException.class, () -> a.expectByPath("nope"));
      assertThrows(IllegalStateException.class, () -> main.redirectTarget());
    }
  }

  @Test
  void redirectLoopsAreFaultsNotHangs() throws Exception {
    Path zim = Oracle.samples().resolve("zim-testing-suite/withns/small.zim");
    JsonNode info = Oracle.info(zim);
    JsonNode entries = Oracle.entries(zim, "--no-content");
    JsonNode redirect = null;
    for (JsonNode r : entries.get("entries")) {
      if (r.get("kind").asString().equals("redirect")) {
        redirect = r;
        break;
      }
    }
    assertNotNull(redirect);
    byte[] bytes = java.nio.file.Files.readAllBytes(zim);
    java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    int index = redirect.get("index").asInt();
    long direntOffset =
        b.getLong((int) (info.get("header").get("pathPtrPos").asLong() + 8L * index));
    b.putInt((int) direntOffset + 8, index); // the redirect now points to itself
    try (Archive a =
        Zim.open(new org.corpusmcp.zim.io.ByteArraySource(bytes), "loop", ZimOptions.defaults())) {
      Entry e = a.entryAt(index);
      assertEquals(e, e.redirectTarget());
      assertEquals(
          ZimFault.REDIRECT_LOOP, assertThrows(ZimFormatException.class, e::resolve).fault());
      assertEquals(
          ZimFault.REDIRECT_LOOP, assertThrows(ZimFormatException.class, e::content).fault());
    }
  }

  /**
   * Eight threads read random entries through a cache smaller than one cluster and a larger one.
   */
  @Test
  void manyThreadsReadOneArchive() throws Exception {
    Path zim = Oracle.samples().resolve("mediawiki/wikipedia_en_100_mini_2022-10.zim");
    JsonNode expected = Oracle.entries(zim);
    List<JsonNode> items = new ArrayList<>();
    expected
        .get("entries")
        .forEach(
            r -> {
              if (r.has("sha256")) {
                items.add(r);
              }
            });
    for (long cache : new long[] {0, 1 << 20, 64 << 20}) {
      try (Archive a = Zim.open(zim, ZimOptions.builder().cacheBytes(cache).build())) {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
          List<Future<Integer>> done = new ArrayList<>();
          for (int t = 0; t < 8; t++) {
            int seed = t;
            done.add(
                pool.submit(
                    () -> {
                      Random random = new Random(seed);
                      for (int k = 0; k < 300; k++) {
                        JsonNode r = items.get(random.nextInt(items.size()));
                        Entry e = a.entryAt(r.get("index").asInt());
                        assertEquals(
                            r.get("sha256").asString(),
                            OracleComparison.sha256(e.content().bytes()));
                      }
                      return 300;
                    }));
          }
          for (Future<Integer> f : done) {
            assertEquals(300, f.get());
          }
        } finally {
          pool.shutdownNow();
        }
      }
    }
  }
}
