package org.corpusmcp.corpus;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The part of zim that corpus may use: the facade package {@code org.corpusmcp.zim} (Zim, Archive,
 * Entry, Blob, StoredBlob, ZimFormatException, ...) and the few classes of its search, glass and io
 * packages named below. zim's other classes (decoders, B-trees, the matcher, and the
 * libzim-identical results with snippets and suggestions that zim-tool prints) are its own to
 * change. JPMS cannot draw this line: zim's ZstdBlockDecoder lives in aircompressor's package
 * (docs/architecture.md), and a named module may not split a package.
 *
 * <p>The named classes are what corpus needs of an index today (searching it, its statistics for
 * cross-library weights, its vocabulary for typo tolerance); a new one is a decision, made here.
 */
class ZimFenceTest {

  static final Set<String> BEYOND_THE_FACADE =
      Set.of(
          "org.corpusmcp.zim.search.Searcher",
          "org.corpusmcp.zim.search.PreparedQuery",
          "org.corpusmcp.zim.search.ScoredResults",
          "org.corpusmcp.zim.search.ScoredHit",
          "org.corpusmcp.zim.search.CollectionStats",
          "org.corpusmcp.zim.search.SearchException",
          "org.corpusmcp.zim.search.SearchException$Reason",
          "org.corpusmcp.zim.search.Semantics",
          "org.corpusmcp.zim.search.Stemmer",
          "org.corpusmcp.zim.glass.GlassDatabase",
          "org.corpusmcp.zim.glass.GlassDatabase$TermCursor",
          "org.corpusmcp.zim.glass.GlassFormatException",
          "org.corpusmcp.zim.io.ByteSource",
          "org.corpusmcp.zim.io.SplitParts");

  @Test
  void corpusUsesZimOnlyThroughItsFacadeAndTheNamedIndexClasses() {
    JavaClasses corpus =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.corpusmcp.corpus");
    noClasses()
        .should()
        .dependOnClassesThat(zimInternals())
        .because("zim's internals change with the format; see ZimFenceTest's list")
        .check(corpus);
  }

  /** Classes of zim's sub-packages that are not named in {@link #BEYOND_THE_FACADE}. */
  static DescribedPredicate<JavaClass> zimInternals() {
    return DescribedPredicate.describe(
        "zim classes outside its facade and the named index classes",
        c ->
            c.getPackageName().startsWith("org.corpusmcp.zim.")
                && !BEYOND_THE_FACADE.contains(c.getName()));
  }
}
