package org.corpusmcp.devdocs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.corpusmcp.api.corpus.ArchiveMetadata;
import org.corpusmcp.api.corpus.Document;
import org.corpusmcp.api.corpus.EntryFacts;
import org.corpusmcp.api.corpus.NotADocument;
import org.corpusmcp.api.corpus.ParseResult;
import org.corpusmcp.api.corpus.SectionId;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Entry;
import org.corpusmcp.zim.Zim;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The fixture archive written by scripts/build_family_fixtures.py with the real libzim writer, read
 * with our own zim module the way the host reads it. Expected values are the facts of the
 * hand-written pages and of the script (titles, metadata), checked by hand.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DevDocsFixtureArchiveTest {

  static final String FIXTURE = "/fixtures/devdocs_en_python_fixture.zim";

  private final DevDocsAdapter adapter = new DevDocsAdapter();
  private Archive archive;
  private final Map<String, ParseResult> parsed = new TreeMap<>();
  private final Map<String, EntryFacts> facts = new LinkedHashMap<>();

  static Path fixture() throws URISyntaxException {
    URL url = DevDocsFixtureArchiveTest.class.getResource(FIXTURE);
    assertNotNull(url, "missing " + FIXTURE + ": run scripts/build_family_fixtures.py");
    return Path.of(url.toURI());
  }

  @BeforeAll
  void open() throws Exception {
    archive = Zim.open(fixture());
    for (Entry e : archive.entriesByPath()) {
      if (e.namespace() != 'C' || e.isRedirect() || !e.isItem()) {
        continue;
      }
      EntryFacts f = new EntryFacts(e.rawPath(), e.title(), e.mimeType(), true);
      facts.put(e.rawPath(), f);
      if (adapter.isDocument(f)) {
        parsed.put(e.rawPath(), adapter.parse(f, e.content().text(), Pages.REFS));
      }
    }
  }

  @AfterAll
  void close() throws Exception {
    archive.close();
  }

  @Test
  void metadataIsWhatDevdocs2zimWritesAndDetectionIsCertain() {
    assertTrue(archive.hasNewNamespaceScheme());
    assertEquals("devdocs2zim v0.2.1", archive.metadata("Scraper"));
    assertEquals("devdocs_en_python", archive.metadata("Name"));
    assertEquals("Python 3.12 Docs", archive.metadata("Title"));
    assertEquals("devdocs;python", archive.metadata("Tags"));
    Map<String, String> values = new LinkedHashMap<>();
    for (String key : archive.metadataKeys()) {
      String v = archive.metadata(key);
      if (v != null && !key.startsWith("Illustration")) {
        values.put(key, v);
      }
    }
    assertEquals(1.0, adapter.detect(ArchiveMetadata.of(values)));
  }

  @Test
  void mainEntryIsTheIndexPage() {
    Entry main = archive.mainEntry();
    assertNotNull(main);
    assertEquals("index", main.resolve().rawPath());
  }

  @Test
  void theFourPagesAreDocumentsTheStubAndAssetsAreNot() {
    assertEquals(
        List.of(
            "index",
            "library/2to3",
            "library/functions",
            "library/stdtypes",
            "reference/datamodel"),
        List.copyOf(parsed.keySet()));
    assertInstanceOf(NotADocument.class, parsed.get("library/2to3"));
    for (String asset :
        List.of(
            "navbar.json",
            "licenses.txt",
            "application.css",
            "assets/index.js",
            "assets/index.css")) {
      assertNotNull(facts.get(asset), asset);
      assertFalse(adapter.isDocument(facts.get(asset)), asset);
    }
  }

  @Test
  void sectionModelOfEachPage() {
    Document functions = assertInstanceOf(Document.class, parsed.get("library/functions"));
    assertEquals("Built-in Functions", functions.title());
    assertEquals(
        List.of("", "func-range", "printing-values", "print-keyword-arguments", "Footnotes"),
        functions.allSections().stream().map(s -> s.id().value()).toList());
    assertTrue(
        functions
            .section(SectionId.of("print-keyword-arguments"))
            .markdown()
            .contains("```python\nprint(\"a\", \"b\", sep=\"-\", flush=True)\n```"));

    Document types = assertInstanceOf(Document.class, parsed.get("library/stdtypes"));
    assertEquals(
        List.of("", "truth", "typesseq", "typesseq-list", "typesseq-tuple"),
        types.allSections().stream().map(s -> s.id().value()).toList());
    assertFalse(types.toMarkdown().contains("Open-source Licenses"));

    Document model = assertInstanceOf(Document.class, parsed.get("reference/datamodel"));
    assertEquals("Data model", model.title());
    assertEquals(
        "https://docs.python.org/3.12/reference/datamodel.html",
        model.metadata().get("source_url"));
    assertEquals(
        List.of(
            "",
            "objects",
            "special-method-names",
            "basic-customization",
            "Emulating_numeric_types"),
        model.allSections().stream().map(s -> s.id().value()).toList());

    Document index = assertInstanceOf(Document.class, parsed.get("index"));
    assertEquals("Python Documentation", index.title());
    assertTrue(
        index
            .section(SectionId.of("reference"))
            .markdown()
            .contains("[Data model](ref:reference/datamodel)"));
  }
}
