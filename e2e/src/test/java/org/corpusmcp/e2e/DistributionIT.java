package org.corpusmcp.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The distribution runs from any directory, with its bundled plugins. */
class DistributionIT {

  @TempDir Path elsewhere;

  @Test
  void runsFromAnyDirectoryWithItsBundledPlugins() throws Exception {
    Dist.Result version = Dist.corpusMcp(elsewhere, Dist.env(), "--version");
    assertEquals(0, version.status(), version.err());
    assertTrue(version.out().startsWith("corpus-mcp 0.1.0"), version.out());
    Dist.Result tools = Dist.corpusMcp(elsewhere, Dist.env(), "tools", "--json");
    assertEquals(0, tools.status(), tools.err());
    assertTrue(tools.out().contains("\"archwiki_commands\""), tools.out());
    assertTrue(tools.out().contains("\"arch-wiki-usage\""), tools.out());
    Dist.Result doctor = Dist.corpusMcp(elsewhere, Dist.env(), "doctor");
    assertEquals(0, doctor.status(), doctor.out() + doctor.err());
    assertTrue(doctor.out().contains(Dist.LAUNCHER.toString()), doctor.out());
  }

  /** The bundled default corpus answers search and fetch with nothing but the distribution. */
  @Test
  void theBundledCorpusServesSearchAndFetch() throws Exception {
    Dist.Result found =
        Dist.corpusMcp(
            elsewhere, Dist.env(), "call", "search", "{\"query\":\"corpus.toml library adapter\"}");
    assertEquals(0, found.status(), found.err());
    assertTrue(found.out().contains("\"ref\" : \"corpus://Handbook/"), found.out());
    Dist.Result fetched =
        Dist.corpusMcp(
            elsewhere,
            Dist.env(),
            "call",
            "fetch",
            "{\"ref\":\"corpus://Handbook/corpus-mcp\",\"sections\":[\"Configuration\"]}");
    assertEquals(0, fetched.status(), fetched.err());
    assertTrue(fetched.out().contains("SEARCH_MAX_CONSECUTIVE"), fetched.out());
    Dist.Result validate = Dist.corpusMcp(elsewhere, Dist.env(), "corpus", "validate");
    assertEquals(0, validate.status(), validate.err());
    assertTrue(validate.out().contains("\"fulltext_index\" : true"), validate.out());
  }

  /** The seed's own example: commands("GRUB", "Installation") and its published content_hash. */
  @Test
  void thePositionalCliReproducesTheSeedsCitation() throws Exception {
    Dist.Result commands =
        Dist.corpusMcp(elsewhere, Dist.env(), "archwiki", "commands", "GRUB", "Installation");
    assertEquals(0, commands.status(), commands.err());
    assertTrue(
        commands.out().contains("8b8dfad439a8fb73f328ec9c2da75cf575e7a24ad945d3890ddc626f180b7a44"),
        commands.out());
    Dist.Result missing =
        Dist.corpusMcp(elsewhere, Dist.env(), "archwiki", "commands", "GRUB", "No_such_anchor");
    assertEquals(1, missing.status());
    assertTrue(missing.err().contains("section_not_found"), missing.err());
  }
}
