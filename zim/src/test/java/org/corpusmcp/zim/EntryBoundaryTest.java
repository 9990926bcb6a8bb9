package org.corpusmcp.zim;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * Entries and stored blobs read their archive through its {@link EntryReader} only: they never call
 * back into {@link Archive}, whose package-private plumbing would otherwise be shared by three
 * classes (issue 40).
 */
class EntryBoundaryTest {

  @Test
  void entriesAndStoredBlobsDoNotReachIntoTheArchive() {
    JavaClasses zim =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.corpusmcp.zim");
    noClasses()
        .that()
        .belongToAnyOf(Entry.class, StoredBlob.class, EntryReader.class)
        .should()
        .dependOnClassesThat()
        .belongToAnyOf(Archive.class)
        .because("the archive hands them an EntryReader; it owns what they read")
        .check(zim);
  }
}
