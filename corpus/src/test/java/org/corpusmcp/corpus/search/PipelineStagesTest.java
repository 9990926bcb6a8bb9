package org.corpusmcp.corpus.search;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.corpusmcp.corpus.CorpusService;
import org.junit.jupiter.api.Test;

/**
 * The stages of a search call are called by {@link SearchPipeline} alone, in its order: a stage
 * that called another itself (the typo rescue running the whole search again for its corrected
 * query, the service fusing lists) would hide a second pass where a reader of the stage list cannot
 * see it.
 */
class PipelineStagesTest {

  private static final JavaClasses CORPUS =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("org.corpusmcp.corpus");

  @Test
  void rescueLeavesTheSecondSearchToThePipeline() {
    noClasses()
        .that()
        .belongToAnyOf(TypoRescue.class)
        .should()
        .dependOnClassesThat()
        .belongToAnyOf(FederatedSearch.class)
        .orShould()
        .callMethod(SearchPipeline.class, "search", String.class, int.class)
        .orShould()
        .callMethod(SearchPipeline.class, "rank", Query.class, int.class)
        .because("the pipeline ranks the corrected query itself, as its last stage")
        .check(CORPUS);
  }

  @Test
  void theServiceCallsThePipelineAndNoStage() {
    noClasses()
        .that()
        .belongToAnyOf(CorpusService.class)
        .should()
        .dependOnClassesThat()
        .belongToAnyOf(FederatedSearch.class, TypoRescue.class, SameDocuments.class)
        .because("CorpusService reads the ranked documents; ranking them is the pipeline's")
        .check(CORPUS);
  }
}
