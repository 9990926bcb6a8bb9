package org.corpusmcp.devdocs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.corpusmcp.api.corpus.ArchiveMetadata;
import org.corpusmcp.api.corpus.Document;
import org.corpusmcp.api.corpus.DocumentKind;
import org.corpusmcp.api.corpus.EntryFacts;
import org.corpusmcp.api.corpus.NotADocument;
import org.corpusmcp.api.corpus.Section;
import org.corpusmcp.api.corpus.SectionId;
import org.junit.jupiter.api.Test;

/**
 * The DevDocs rules on the hand-written pages. Every expected id, title and text below was read off
 * the page's HTML by hand (see the comments), not copied from the adapter's output.
 */
class DevDocsPagesTest {

  private final DevDocsAdapter adapter = new DevDocsAdapter();

  private Document parse(String path, String title) {
    return assertInstanceOf(
        Document.class,
        adapter.parse(EntryFacts.html(path, title), Pages.html(path), Pages.REFS),
        path);
  }

  /** "id|title|level" of every non-lead section, pre-order. */
  private static List<String> outline(Document doc) {
    return doc.allSections().stream()
        .skip(1)
        .map(s -> s.id().value() + "|" + s.title() + "|" + s.level())
        .toList();
  }

  @Test
  void nameAndKind() {
    assertEquals("devdocs", adapter.name());
    assertEquals(DocumentKind.DOCUMENTATION, adapter.kind());
  }

  /**
   * functions.html: the h1 sits in section#built-in-functions after span#built-in-funcs (it is the
   * title, dropped); "Ranges" follows an empty span#func-range; "Printing values" opens
   * section#printing-values; "Keyword arguments" carries its own id; the h4 rubric "Footnotes" has
   * none, so its text is the anchor.
   */
  @Test
  void anchorsComeFromTheHeadingTheSectionItOpensOrAnEmptySpanBeforeIt() {
    Document doc = parse("library/functions", "Built-in Functions");
    assertEquals("Built-in Functions", doc.title());
    assertEquals(
        List.of(
            "func-range|Ranges|2",
            "printing-values|Printing values|2",
            "print-keyword-arguments|Keyword arguments|3",
            "Footnotes|Footnotes|4"),
        outline(doc));
    Section printing = doc.section(SectionId.of("printing-values"));
    assertNotNull(printing);
    assertEquals("print-keyword-arguments", printing.children().get(0).id().value());
  }

  @Test
  void theTitleHeadingIsNotRepeatedAndTheLeadHoldsTheApiEntries() {
    Document doc = parse("library/functions", "Built-in Functions");
    String lead = doc.lead().markdown();
    assertTrue(lead.startsWith("The Python interpreter has a number of functions"), lead);
    assertFalse(lead.contains("# Built-in Functions"), lead);
    // dl.py.function: dt → bold term, dd → definition; links go through the resolver as written
    assertTrue(lead.contains("**`abs(x)`**\n: Return the absolute value of a number."), lead);
    assertTrue(lead.contains("[`__abs__()`](ref:../reference/datamodel#object.__abs__)"), lead);
    assertTrue(lead.contains("[Sequence Types](ref:stdtypes#typesseq)"), lead);
  }

  @Test
  void codeBlocksAreFencedWithTheirDataLanguage() {
    Document doc = parse("library/functions", "Built-in Functions");
    assertEquals(
        """
        Rather than being a function, `range` is actually an immutable sequence type.

        ```python
        >>> list(range(10))
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
        >>> list(range(0, 30, 5))
        [0, 5, 10, 15, 20, 25]
        ```""",
        doc.section(SectionId.of("func-range")).markdown());
    Document cpp = parse("cpp/vector", "std::vector");
    String example = cpp.section(SectionId.of("Example")).markdown();
    assertTrue(example.startsWith("```cpp\n#include <vector>\n"), example);
    assertTrue(example.endsWith("Output:\n\n```\n3\n```"), example);
  }

  @Test
  void attributionBecomesMetadataNotContent() {
    Document doc = parse("library/functions", "Built-in Functions");
    assertEquals(
        "https://docs.python.org/3.12/library/functions.html", doc.metadata().get("source_url"));
    assertEquals(
        "© 2001–2025 Python Software Foundation Licensed under the PSF License.",
        doc.metadata().get("attribution"));
    assertFalse(doc.toMarkdown().contains("Python Software Foundation"), doc.toMarkdown());
    assertFalse(doc.toMarkdown().contains("docs.python.org"), doc.toMarkdown());
  }

  /** stdtypes.html is the v0.1 template: the whole sidebar is inlined in the page. */
  @Test
  void theV01SidebarInlineImagesAndAdmonitionsAreHandled() {
    Document doc = parse("library/stdtypes", "Built-in Types");
    assertEquals(
        List.of(
            "truth|Truth Value Testing|2",
            "typesseq|Sequence Types — list, tuple, range|2",
            "typesseq-list|Lists|3",
            "typesseq-tuple|Tuples|3"),
        outline(doc));
    String all = doc.toMarkdown();
    for (String chrome :
        List.of(
            "Open-source Licenses",
            "Language Reference",
            "12",
            "data:",
            "iVBOR",
            "Type hierarchy")) {
      assertFalse(all.contains(chrome), chrome + " in\n" + all);
    }
    assertEquals(
        "The following sections describe the standard types that are built into the interpreter.",
        doc.lead().markdown());
    assertTrue(
        doc.section(SectionId.of("truth"))
            .markdown()
            .contains(
                "Note\n\nObjects are considered true unless their class defines `__bool__()` returning `False`."));
    assertTrue(
        doc.section(SectionId.of("typesseq"))
            .markdown()
            .contains("| Operation | Result |\n| --- | --- |\n| `x in s` |"));
  }

  /** index.html: the in-page ._toc ("Contents") and the v0.2 navbar element are dropped. */
  @Test
  void inPageTableOfContentsAndNavbarAreDropped() {
    Document doc = parse("index", "Python Documentation");
    assertEquals(List.of("reference|Reference|2"), outline(doc));
    assertEquals(
        "The Python Standard Library, the language reference and the tutorial for Python 3.12.",
        doc.lead().markdown());
    assertFalse(doc.toMarkdown().contains("Contents"), doc.toMarkdown());
    assertEquals(3, doc.section(SectionId.of("reference")).markdown().lines().count());
  }

  /**
   * An outline's title left beside the outline is chrome. tailwindcss/padding: Tailwind's v3 pages
   * put {@code <h5>On this page</h5>} and the list of in-page links in one div (the shape DevDocs'
   * own Tailwind filter looks for); vite/guide/features: VitePress puts {@code
   * div.outline-title[role=heading]} "On this page" beside the outline's nav.
   */
  @Test
  void anOutlineTitleBesideTheOutlineIsDropped() {
    Document tailwind = parse("tailwindcss/padding", "Padding");
    assertEquals(
        List.of(
            "basic-usage|Basic usage|2",
            "add-padding-to-a-single-side|Add padding to a single side|3"),
        outline(tailwind));
    assertEquals("Utilities for controlling an element's padding.", tailwind.lead().markdown());
    Document vite = parse("vite/guide/features", "Features");
    assertEquals(
        "At the very basic level, developing using Vite is not that different from using a "
            + "static file server.",
        vite.lead().markdown());
    for (Document doc : List.of(tailwind, vite)) {
      assertFalse(
          doc.toMarkdown().toLowerCase(java.util.Locale.ROOT).contains("on this page"),
          doc.toMarkdown());
    }
  }

  /**
   * cpp/vector: the declaration table holds the header ("Defined in header {@code <vector>}"), one
   * declaration in {@code pre[data-language=cpp]} and its number "(1)". The declaration is C++ code
   * and comes back as a cpp code block, the header line and the number as text around it.
   */
  @Test
  void cppreferenceDeclarationsAreFencedAsCpp() {
    String lead = parse("cpp/vector", "std::vector").lead().markdown();
    assertEquals(
        """
        Defined in header `<vector>`

        ```cpp
        template<class T, class Allocator = std::allocator<T>> class vector;
        ```

        (1)

        `std::vector` is a sequence container that encapsulates dynamic size arrays.""",
        lead);
  }

  /** datamodel.html: the h4 has no id, so MediaWiki-style text anchors apply. */
  @Test
  void headingsWithoutAnchorUseTheirText() {
    Document doc = parse("reference/datamodel", "Data model");
    assertEquals(
        List.of(
            "objects|Objects, values and types|2",
            "special-method-names|Special method names|2",
            "basic-customization|Basic customization|3",
            "Emulating_numeric_types|Emulating numeric types|4"),
        outline(doc));
    assertEquals("", doc.lead().markdown());
  }

  @Test
  void theMissingDocumentationStubIsNotADocument() {
    assertInstanceOf(
        NotADocument.class,
        adapter.parse(
            EntryFacts.html("library/2to3", "2to3"), Pages.html("library/2to3"), Pages.REFS));
  }

  @Test
  void titleFallsBackToTheFirstH1() {
    Document doc =
        assertInstanceOf(
            Document.class,
            adapter.parse(
                new EntryFacts("library/functions", "", "text/html", true),
                Pages.html("library/functions"),
                Pages.REFS));
    assertEquals("Built-in Functions", doc.title());
  }

  @Test
  void onlyHtmlPagesAreDocuments() {
    assertTrue(adapter.isDocument(EntryFacts.html("library/functions", "Built-in Functions")));
    assertTrue(
        adapter.isDocument(new EntryFacts("index", "Python Documentation", "text/html", false)));
    assertFalse(adapter.isDocument(new EntryFacts("navbar.json", "", "application/json", false)));
    assertFalse(
        adapter.isDocument(
            new EntryFacts("licenses.txt", "Open-source Licenses", "text/plain", true)));
    assertFalse(adapter.isDocument(new EntryFacts("application.css", "", "text/css", false)));
    assertFalse(adapter.isDocument(new EntryFacts("assets/index.html", "", "text/html", false)));
  }

  @Test
  void detectReadsScraperNameTagsAndCreator() {
    assertEquals(1.0, adapter.detect(ArchiveMetadata.of(Map.of("Scraper", "devdocs2zim v0.2.1"))));
    assertEquals(1.0, adapter.detect(ArchiveMetadata.of(Map.of("Scraper", "devdocs2zim 0.1.0"))));
    assertEquals(
        0,
        adapter.detect(
            ArchiveMetadata.of(Map.of("Scraper", "sotoki v3.0.2", "Name", "devdocs_en_python"))));
    assertEquals(0, adapter.detect(ArchiveMetadata.of(Map.of("Scraper", "mwoffliner 1.11.12"))));
    assertEquals(0.8, adapter.detect(ArchiveMetadata.of(Map.of("Name", "devdocs_en_python"))));
    assertEquals(0.8, adapter.detect(ArchiveMetadata.of(Map.of("Name", "devdocs.io_en_cpp"))));
    assertEquals(0.6, adapter.detect(ArchiveMetadata.of(Map.of("Tags", "devdocs;python"))));
    assertEquals(0.4, adapter.detect(ArchiveMetadata.of(Map.of("Creator", "DevDocs"))));
    assertEquals(0, adapter.detect(ArchiveMetadata.of(Map.of())));
  }
}
