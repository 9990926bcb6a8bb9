package org.corpusmcp.host;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The host serves archives through corpus and never reads them itself: the {@code zim} command (the
 * ZIM inspector) is zim-tool's, which the host registers without looking inside.
 */
class ZimFenceTest {

  @Test
  void theHostDoesNotUseTheZimModule() {
    JavaClasses host =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.corpusmcp.host");
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAPackage("org.corpusmcp.zim..")
        .because("the host reaches archives through corpus, and inspects them through zim-tool")
        .check(host);
  }
}
