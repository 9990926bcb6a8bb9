package org.corpusmcp.host;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The host serves archives through corpus and never reads them itself: only its {@code zim} command
 * (the ZIM inspector in {@code host.cli}) uses the zim module, so moving that command out would
 * leave the host without a dependency on zim.
 */
class ZimFenceTest {

  @Test
  void onlyTheZimCommandUsesTheZimModule() {
    JavaClasses host =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.corpusmcp.host");
    noClasses()
        .that()
        .resideOutsideOfPackage("org.corpusmcp.host.cli")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("org.corpusmcp.zim..")
        .because("the host reaches archives through corpus")
        .check(host);
  }
}
