package org.corpusmcp.corpus.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.corpusmcp.corpus.CorpusService;
import org.corpusmcp.corpus.DocumentKey;
import org.corpusmcp.corpus.Library;
import org.corpusmcp.corpus.TestCorpus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A candidate's fields land where their names say, and two finds of one document fuse. */
class CandidateTest {

  @TempDir static Path root;
  private static CorpusService service;
  private static Library library;

  @BeforeAll
  static void open() {
    service = TestCorpus.service(root, Map.of("Ray", TestCorpus.RAY_MINI));
    library = service.corpus().library("Ray");
  }

  @AfterAll
  static void close() {
    service.close();
  }

  @Test
  void eachNamedFieldIsTheOneSet() {
    Candidate c =
        Candidate.in(library, 3, library.entry("Ray_Charles"))
            .exact(true)
            .rrf(0.25)
            .strength(0.5)
            .weak(true)
            .titleCoverage(0.75)
            .titleInQuery(2)
            .relaxed(true)
            .build();
    assertEquals(new Candidate(library, c.entry(), true, 0.25, 0.5, true, 0.75, 2, 3, true), c);
    assertEquals(new DocumentKey("Ray", "Ray_Charles"), c.key());
  }

  @Test
  void fusingTwoFindsSumsTheirRanksAndKeepsTheStrongerOfEach() {
    Candidate strict =
        Candidate.in(library, 0, library.entry("Ray_Charles"))
            .rrf(0.5)
            .strength(0.25)
            .weak(true)
            .titleCoverage(0.5)
            .titleInQuery(1)
            .build();
    Candidate relaxedExact =
        Candidate.in(library, 0, library.entry("Ray_Charles"))
            .exact(true)
            .rrf(0.25)
            .strength(1.0)
            .titleCoverage(0.125)
            .relaxed(true)
            .build();
    Candidate fused = strict.fusedWith(relaxedExact);
    assertTrue(fused.exact());
    assertEquals(0.75, fused.rrf());
    assertEquals(1.0, fused.strength());
    assertFalse(fused.weak());
    assertEquals(0.5, fused.titleCoverage()); // the first find's
    assertEquals(1, fused.titleInQuery());
    assertFalse(fused.relaxed()); // the strict find matched every word
  }
}
