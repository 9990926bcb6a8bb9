package org.corpusmcp.zimtool;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The part of zim the inspector may use: the facade package {@code org.corpusmcp.zim} and the
 * libzim-identical search and suggestions named below, which zim keeps beside its matcher because
 * they are built on its package-private query machinery (the parser, the matcher, the snippet
 * cutter); zim's decoders, B-trees and byte sources stay its own to change.
 */
class ZimFenceTest {

  static final Set<String> BEYOND_THE_FACADE =
      Set.of(
          "org.corpusmcp.zim.search.Searcher",
          "org.corpusmcp.zim.search.SearchResults",
          "org.corpusmcp.zim.search.SearchHit",
          "org.corpusmcp.zim.search.SearchException",
          "org.corpusmcp.zim.search.SearchException$Reason",
          "org.corpusmcp.zim.search.Semantics",
          "org.corpusmcp.zim.search.SuggestionSearcher",
          "org.corpusmcp.zim.search.Suggestions",
          "org.corpusmcp.zim.search.Suggestion");

  @Test
  void theInspectorUsesZimOnlyThroughItsFacadeAndTheNamedSearchClasses() {
    noClasses()
        .should()
        .dependOnClassesThat(
            DescribedPredicate.describe(
                "zim classes outside its facade and the named search classes",
                (JavaClass c) ->
                    c.getPackageName().startsWith("org.corpusmcp.zim.")
                        && !BEYOND_THE_FACADE.contains(c.getName())))
        .because("zim's internals change with the format")
        .check(
            new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.corpusmcp.zimtool"));
  }
}
