package org.corpusmcp.zim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * The zim-testing-suite files whose damage lies in a title listing (out-of-order titles, an entry
 * index beyond the directory, a v0 list outside the file) open, as in libzim, and their title
 * lookups fall back to an order that works instead of failing or answering "no such title": every
 * title libzim finds in the intact small.zim beside them is found, title iteration and prefix
 * listing hold those of user entries in title order, and the damage is in the validation report.
 */
class DamagedTitleListingTest {

  static Stream<Named<Path>> titleDamaged() {
    return Oracle.invalidArchives().stream()
        .filter(p -> InvalidArchiveTest.TITLE_FAULTS.contains(InvalidArchiveTest.expectedFault(p)))
        .filter(p -> Oracle.reads(p).get("opened").asBoolean())
        .map(p -> Named.of(Oracle.label(p), p));
  }

  @ParameterizedTest
  @MethodSource("titleDamaged")
  void titleLookupsAnswerFromAnOrderThatWorks(Path zim) {
    JsonNode intact = Oracle.reads(zim.resolveSibling("small.zim"));
    JsonNode raw = Oracle.entries(zim.resolveSibling("small.zim"), "--no-content");
    List<String> userTitles = new ArrayList<>();
    try (Archive a = Zim.open(zim)) {
      String userNamespace = a.hasNewNamespaceScheme() ? "C" : "A";
      intact
          .get("by_title")
          .properties()
          .forEach(
              kv -> {
                if (kv.getValue().isInt()) {
                  JsonNode libzimEntry = intact.get("entries").get(kv.getValue().asInt());
                  Entry found = a.findByTitle(kv.getKey());
                  assertNotNull(
                      found,
                      zim + ": title " + kv.getKey() + " (libzim finds it in the intact file)");
                  assertEquals(kv.getKey(), found.title());
                  assertEquals(
                      libzimEntry.get("path").asString(),
                      found.path(),
                      zim + ": entry titled " + kv.getKey());
                  if (raw.get("entries")
                      .get(kv.getValue().asInt())
                      .get("namespace")
                      .asString()
                      .equals(userNamespace)) {
                    userTitles.add(
                        kv.getKey()); // title iteration and prefix listing hold user entries only
                  }
                }
              });
      assertFalse(
          userTitles.isEmpty(),
          "libzim finds titles in the intact " + zim.resolveSibling("small.zim"));

      List<String> iterated = new ArrayList<>();
      a.entriesByTitle().forEach(e -> iterated.add(e.title()));
      List<String> prefixed = new ArrayList<>();
      a.findByTitlePrefix("", 1000).forEach(e -> prefixed.add(e.title()));
      for (List<String> listed : List.of(iterated, prefixed)) {
        assertTrue(
            listed.containsAll(userTitles), zim + ": " + listed + " lacks some of " + userTitles);
        for (int i = 0; i + 1 < listed.size(); i++) {
          assertTrue(
              java.util.Arrays.compareUnsigned(utf8(listed.get(i)), utf8(listed.get(i + 1))) <= 0,
              zim + ": not in title order: " + listed);
        }
      }
      ZimFault expected = InvalidArchiveTest.expectedFault(zim);
      assertTrue(
          a.findFaults().stream().anyMatch(f -> f.fault() == expected),
          zim + ": validation reports " + expected);
    }
  }

  private static byte[] utf8(String s) {
    return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }
}
