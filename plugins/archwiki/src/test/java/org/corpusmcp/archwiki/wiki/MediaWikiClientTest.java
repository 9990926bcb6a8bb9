package org.corpusmcp.archwiki.wiki;

import static org.corpusmcp.testkit.TestContexts.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.corpusmcp.archwiki.ArchWiki;
import org.corpusmcp.archwiki.Fixtures;
import org.corpusmcp.archwiki.wikitext.Links;
import org.junit.jupiter.api.Test;

/** The client's classification, caches, alias resolution and redirects, with fake transports. */
class MediaWikiClientTest {

  private static final String REDIRECTED =
      """
      {"parse":{"title":"GRUB","pageid":5984,"revid":858930,
        "redirects":[{"from":"Grub","to":"GRUB"}],
        "wikitext":{"*":"== Installation ==\\n{{bc|# grub-install}}\\n"},
        "sections":[{"toclevel":1,"level":"2","line":"Installation","number":"1","index":"1",
          "fromtitle":"GRUB","byteoffset":0,"anchor":"Installation","linkAnchor":"Installation"}]}}""";

  private static final String REDIRECT_PAGE =
      """
      {"parse":{"title":"Grub","pageid":1,"revid":2,"wikitext":{"*":"#REDIRECT [[GRUB]]"},"sections":[]}}""";

  @Test
  void pageRedirectsAreFollowedAndDeclared() {
    List<ApiRequest> seen = new ArrayList<>();
    ArchWiki wiki =
        new ArchWiki(
            new MediaWikiClient(
                json(),
                r -> {
                  seen.add(r);
                  return json()
                      .parse(r.params().containsKey("redirects") ? REDIRECTED : REDIRECT_PAGE);
                }));
    Map<String, Object> result = wiki.commands("Grub", "Installation");
    assertEquals("1", seen.get(0).params().get("redirects"));
    assertEquals("Grub", result.get("redirected_from"));
    List<Map<String, Object>> blocks = Fixtures.list(result, "commands");
    assertEquals("# grub-install", blocks.get(0).get("content"));
    assertEquals(
        "https://wiki.archlinux.org/title/GRUB#Installation", blocks.get(0).get("source_url"));
    assertEquals(858930L, blocks.get(0).get("revid"));
  }

  @Test
  void referenceBehaviourIsAvailableBehindASetting() {
    MediaWikiClient client =
        new MediaWikiClient(
            json(),
            r -> json().parse(r.params().containsKey("redirects") ? REDIRECTED : REDIRECT_PAGE),
            false);
    ArchWiki wiki = new ArchWiki(client);
    assertEquals(List.of(), Fixtures.list(wiki.commands("Grub", null), "commands"));
    assertEquals(
        ErrorCode.SECTION_NOT_FOUND,
        assertThrows(WikiException.class, () -> wiki.section("Grub", "Installation")).code());
  }

  @Test
  void apiErrorsAndShapesAreClassified() {
    MediaWikiClient maxlag =
        new MediaWikiClient(
            json(),
            r ->
                json()
                    .parse(
                        "{\"error\":{\"code\":\"maxlag\",\"info\":\"Waiting for a database server: 5 seconds lagged.\"}}"));
    WikiException e = assertThrows(WikiException.class, () -> maxlag.parse("GRUB"));
    assertEquals(ErrorCode.UPSTREAM_API_ERROR, e.code());
    assertEquals(
        "parse API Error: Waiting for a database server: 5 seconds lagged.", e.getMessage());

    MediaWikiClient shapeless =
        new MediaWikiClient(json(), r -> json().parse("{\"batchcomplete\":\"\"}"));
    WikiException shape = assertThrows(WikiException.class, () -> shapeless.parse("GRUB"));
    assertEquals(ErrorCode.UPSTREAM_API_ERROR, shape.code());
    assertTrue(shape.getMessage().startsWith("Unexpected parse response format: "));
    WikiException search =
        assertThrows(
            WikiException.class,
            () ->
                new MediaWikiClient(json(), r -> json().parse("{\"query\":{}}"))
                    .search("x", 5, "text"));
    assertTrue(search.getMessage().startsWith("Unexpected search results response format"));
  }

  @Test
  void anUnresolvableAliasFailsClosedAndNamesThePage() {
    // Replay with the French page but no alias fixture under this key: a missing answer.
    MediaWikiClient client =
        new MediaWikiClient(
            json(),
            r -> {
              if (r.fixtureKey().startsWith("aliases_")) {
                throw new WikiException(
                    ErrorCode.UPSTREAM_API_ERROR, "Arch Wiki did not answer: timed out");
              }
              return Fixtures.client().transport().get(r);
            });
    WikiException e =
        assertThrows(
            WikiException.class,
            () -> new ArchWiki(client).warnings("Installation guide (Français)", "No_such_anchor"));
    assertEquals(ErrorCode.UPSTREAM_API_ERROR, e.code());
    assertEquals(
        "Cannot resolve template aliases for 'Installation guide (Français)': Arch Wiki did"
            + " not answer: timed out. Refusing to report an English-only subset of the warnings as"
            + " complete.",
        e.getMessage());
  }

  @Test
  void anAliasWhoseRevisionCannotBeReadIsEvidenceUnresolvable() {
    MediaWikiClient client =
        new MediaWikiClient(
            json(),
            r ->
                r.fixtureKey().startsWith("aliasrevs_")
                    ? json()
                        .parse(
                            "{\"batchcomplete\":\"\",\"query\":{\"pages\":{\"32769\":{\"pageid\":32769,"
                                + "\"ns\":10,\"title\":\"Template:Attention\"}}}}")
                    : Fixtures.client().transport().get(r));
    WikiException e =
        assertThrows(
            WikiException.class,
            () -> new ArchWiki(client).warnings("Installation guide (Français)", null));
    assertEquals(ErrorCode.EVIDENCE_UNRESOLVABLE, e.code());
    assertTrue(
        e.getMessage()
            .contains(
                "No revision for redirect 'Template:Astuce': cannot attest"
                    + " that it denotes TIP.. Refusing"),
        e.getMessage());
  }

  @Test
  void resolvedAliasesAreCachedSoAWarmProcessNeedsNoSecondLookup() {
    List<String> keys = new ArrayList<>();
    MediaWikiClient client =
        new MediaWikiClient(
            json(),
            r -> {
              keys.add(r.fixtureKey());
              return Fixtures.client().transport().get(r);
            });
    ArchWiki wiki = new ArchWiki(client);
    wiki.warnings("Installation guide (Français)", null);
    assertTrue(keys.contains("aliasrevs_Installation guide (Français)"));
    keys.clear();
    assertEquals(
        13, Fixtures.list(wiki.warnings("Installation guide (Français)", null), "warnings").size());
    assertEquals(List.of("Installation guide (Français)"), keys, "only the page is fetched again");
  }

  @Test
  void englishPagesNeverAskForRevisions() {
    List<String> keys = new ArrayList<>();
    MediaWikiClient client =
        new MediaWikiClient(
            json(),
            r -> {
              keys.add(r.fixtureKey());
              return Fixtures.client().transport().get(r);
            });
    new ArchWiki(client).warnings("GRUB", null);
    assertEquals(List.of("GRUB", "aliases_GRUB"), keys);
  }

  @Test
  void siteinfoFailureDegradesToTheSnapshotWithoutCachingIt() {
    int[] calls = {0};
    MediaWikiClient client =
        new MediaWikiClient(
            json(),
            r -> {
              calls[0]++;
              throw new WikiException(
                  ErrorCode.UPSTREAM_API_ERROR, "Arch Wiki did not answer: down");
            });
    assertEquals(Links.FALLBACK_EXCLUDED_PREFIXES, client.excludedLinkPrefixes());
    assertEquals(64, Links.FALLBACK_EXCLUDED_PREFIXES.size());
    client.excludedLinkPrefixes();
    assertEquals(2, calls[0], "the fallback is not cached");
  }

  @Test
  void aMissingOfflineFixtureIsLoud() {
    MediaWikiClient client =
        new MediaWikiClient(json(), new ReplayTransport(Fixtures.dir().resolve("nowhere"), json()));
    // Not swallowed by the link-prefix fallback: a setting to fix is not the wiki's silence.
    FixtureMissingException e =
        assertThrows(FixtureMissingException.class, client::excludedLinkPrefixes);
    assertEquals(ErrorCode.CONFIGURATION_ERROR, e.code());
    assertTrue(
        e.getMessage()
            .contains(
                ", but the folder ARCHWIKI_FIXTURES="
                    + Fixtures.dir().resolve("nowhere")
                    + " does not exist."),
        e.getMessage());
  }

  @Test
  void sectionKeysDefaultAsTheContractSays() {
    MediaWikiClient client =
        new MediaWikiClient(
            json(),
            r ->
                json()
                    .parse(
                        "{\"parse\":{\"title\":\"T\",\"pageid\":1,\"revid\":2,\"wikitext\":{\"*\":\"== A ==\"},"
                            + "\"sections\":[{\"anchor\":\"A\",\"extra\":{}}]}}"));
    WikiSection s = client.parse("T").sections().get(0);
    assertEquals("1", s.level());
    assertEquals(1L, s.toclevel());
    assertEquals(0L, s.byteoffset());
    assertEquals("", s.line());
    assertFalse(s.toJson().containsKey("extra"));
    assertNull(client.parse("T").redirectedFrom());
  }

  @Test
  void offsetsCountCodePointsNotUtf16Units() {
    // "𝄞" (U+1D11E) is two UTF-16 units but one code point, as MediaWiki counts it.
    String wikitext = "𝄞 intro\n== A ==\nbody\n== B ==\n";
    MediaWikiClient client =
        new MediaWikiClient(
            json(),
            r ->
                Map.of(
                    "parse",
                    Map.of(
                        "title",
                        "T",
                        "pageid",
                        1L,
                        "revid",
                        2L,
                        "wikitext",
                        Map.of("*", wikitext),
                        "sections",
                        List.of(
                            Map.of("anchor", "A", "byteoffset", 8L),
                            Map.of("anchor", "B", "byteoffset", 21L)))));
    assertEquals("== A ==\nbody\n", client.parse("T").slice("A").wikitext());
    WikiException drift =
        assertThrows(
            WikiException.class,
            () ->
                new MediaWikiClient(
                        json(),
                        r ->
                            Map.of(
                                "parse",
                                Map.of(
                                    "title",
                                    "T",
                                    "pageid",
                                    1L,
                                    "revid",
                                    2L,
                                    "wikitext",
                                    Map.of("*", wikitext),
                                    "sections",
                                    List.of(Map.of("anchor", "A", "byteoffset", 10L)))))
                    .parse("T")
                    .slice("A"));
    assertEquals(ErrorCode.EVIDENCE_UNRESOLVABLE, drift.code());
    assertEquals(
        "Section 'A' in page 'T' did not resolve to a heading (offset 10 landed on"
            + " ' A ==\\nbody\\n== B ==\\n')",
        drift.getMessage());
  }

  private static final String LOCAL_SITEINFO =
      """
      {"batchcomplete":"","query":{"general":{"sitename":"Local Test Wiki",
        "server":"http://127.0.0.1:8391","articlepath":"/index.php/$1","script":"/index.php",
        "scriptpath":""},"namespaces":{"10":{"id":10,"*":"Template"}}}}""";

  @Test
  void aConfiguredWikisEvidenceNamesItsOwnUrlsAndAFailedSiteinfoIsNotRemembered() {
    java.util.concurrent.atomic.AtomicInteger siteinfoCalls =
        new java.util.concurrent.atomic.AtomicInteger();
    MediaWikiClient client =
        new MediaWikiClient(
            json(),
            r -> {
              if ("siteinfo".equals(r.params().get("meta"))) {
                assertTrue(r.params().get("siprop").contains("general"), r.params().get("siprop"));
                if (siteinfoCalls.incrementAndGet() == 1) {
                  throw new WikiException(
                      ErrorCode.UPSTREAM_API_ERROR, "The wiki did not answer: down");
                }
                return json().parse(LOCAL_SITEINFO);
              }
              return json().parse(REDIRECTED);
            },
            true,
            java.net.URI.create("http://127.0.0.1:8391/api.php"));
    ArchWiki wiki = new ArchWiki(client);
    WikiException down = assertThrows(WikiException.class, () -> wiki.commands("Grub", null));
    assertEquals(ErrorCode.UPSTREAM_API_ERROR, down.code(), "no citation without the wiki's URLs");

    Map<String, Object> block =
        Fixtures.list(wiki.commands("Grub", "Installation"), "commands").get(0);
    assertEquals("http://127.0.0.1:8391/index.php/GRUB#Installation", block.get("source_url"));
    assertEquals(
        "http://127.0.0.1:8391/index.php?oldid=858930#Installation", block.get("revision_url"));
    assertEquals(
        "http://127.0.0.1:8391/api.php?action=parse&oldid=858930&prop=wikitext&format=json",
        block.get("revision_wikitext_url"));
    wiki.commands("Grub", null);
    assertEquals(2, siteinfoCalls.get(), "learnt once, after the first success");
  }

  @Test
  void aRevisionTheWikiSaysDoesNotExistIsAFailedCheckNotAnOutage() {
    // What MediaWiki 1.39 answers for the revision of a deleted page.
    String noSuchRevision =
        "{\"error\":{\"code\":\"nosuchrevid\",\"info\":\"There is no revision"
            + " with ID 858930.\"}}";
    MediaWikiClient client =
        new MediaWikiClient(
            json(),
            r -> json().parse(r.params().containsKey("oldid") ? noSuchRevision : REDIRECTED));
    WikiException e = assertThrows(WikiException.class, () -> client.revisionWikitext(858930));
    assertEquals(ErrorCode.PAGE_NOT_FOUND, e.code(), e.getMessage());

    Map<String, Object> cited = new ArchWiki(client).commands("Grub", "Installation");
    Map<String, Object> report =
        new org.corpusmcp.archwiki.Verifier(client).verify(json().write(cited));
    assertEquals("mismatch", report.get("verdict"));
  }
}
