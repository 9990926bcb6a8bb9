package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CorpusConfigTest {

  @TempDir Path root;
  Path config;

  @BeforeEach
  void archives() throws Exception {
    Files.createDirectories(root.resolve("wiki"));
    Files.writeString(root.resolve("wiki/a.zim"), "not really a zim; config checks do not open it");
    config = root.resolve("corpus.toml");
  }

  private String load(String toml) throws Exception {
    Files.writeString(config, toml);
    CorpusSettings settings = CorpusSettings.builder(root, config).build();
    return assertThrows(
            CorpusConfigException.class, () -> CorpusConfig.load(settings, Set.of("mediawiki")))
        .getMessage();
  }

  private static String lib(String name, String path, String adapter) {
    return "\n[[library]]\nname = \""
        + name
        + "\"\npath = \""
        + path
        + "\"\nadapter = \""
        + adapter
        + "\"\n";
  }

  @Test
  void aValidConfigResolvesPathsInsideTheRoot() throws Exception {
    Files.writeString(
        config,
        "version = 1\n"
            + lib("Wiki", "wiki/a.zim", "mediawiki")
            + lib("Other", "wiki/../wiki/a.zim", "auto"));
    CorpusConfig loaded =
        CorpusConfig.load(CorpusSettings.builder(root, config).build(), Set.of("mediawiki"));
    assertEquals(2, loaded.libraries().size());
    assertEquals(root.toRealPath().resolve("wiki/a.zim"), loaded.libraries().get(0).path());
  }

  /** An absolute path is fine while it stays inside the root, spelt as configured or real. */
  @Test
  void anAbsolutePathInsideTheRootIsAccepted() throws Exception {
    Files.writeString(
        config, "version = 1\n" + lib("Wiki", root.resolve("wiki/a.zim").toString(), "mediawiki"));
    CorpusConfig loaded =
        CorpusConfig.load(CorpusSettings.builder(root, config).build(), Set.of("mediawiki"));
    assertEquals(root.toRealPath().resolve("wiki/a.zim"), loaded.libraries().get(0).path());
  }

  @Test
  void everyRuleNamesTheLibrary() throws Exception {
    assertTrue(
        load("version = 2\n" + lib("Wiki", "wiki/a.zim", "mediawiki")).contains("version = 1"));
    assertTrue(load("version = 1\n").contains("no [[library]]"));
    String dup =
        load(
            "version = 1\n"
                + lib("Wiki", "wiki/a.zim", "mediawiki")
                + lib("wiki", "wiki/a.zim", "mediawiki"));
    assertTrue(dup.contains("library 'wiki' is defined twice"), dup);
    String adapter = load("version = 1\n" + lib("Wiki", "wiki/a.zim", "devdocs"));
    assertTrue(
        adapter.contains("library 'Wiki'")
            && adapter.contains("unknown adapter 'devdocs'")
            && adapter.contains("[mediawiki]"),
        adapter);
    String missing = load("version = 1\n" + lib("Wiki", "wiki/b.zim", "mediawiki"));
    assertTrue(missing.contains("library 'Wiki'") && missing.contains("does not exist"), missing);
    String name = load("version = 1\n" + lib("My Wiki", "wiki/a.zim", "mediawiki"));
    assertTrue(name.contains("library 'My Wiki'"), name);
    String unknownKey =
        load("version = 1\n" + lib("Wiki", "wiki/a.zim", "mediawiki") + "colour = \"red\"\n");
    assertTrue(unknownKey.contains("unknown key 'colour'"), unknownKey);
  }

  @Test
  void pathsMayNotLeaveTheRootNotEvenThroughSymlinks() throws Exception {
    Path outside = Files.createTempFile("outside", ".zim");
    try {
      String dotdot =
          load("version = 1\n" + lib("Wiki", "../" + outside.getFileName(), "mediawiki"));
      assertTrue(
          dotdot.contains("library 'Wiki'") && dotdot.contains("leaves the corpus root"), dotdot);
      // outside the root whether or not it exists: containment is checked before existence
      String nowhere = load("version = 1\n" + lib("Wiki", "../../no/such/dir/x.zim", "mediawiki"));
      assertTrue(nowhere.contains("leaves the corpus root"), nowhere);
      // a NUL in a path: named with its library, in our words, not the JDK's
      String nul = load("version = 1\n" + lib("Wiki", "wiki/a\\u0000.zim", "mediawiki"));
      assertEquals(
          config
              + ": library 'Wiki': path 'wiki/a\\0.zim' is not a path this system accepts (it"
              + " holds a NUL character)",
          nul);
      String absolute = load("version = 1\n" + lib("Wiki", outside.toString(), "mediawiki"));
      assertEquals(
          config
              + ": library 'Wiki': path '"
              + outside
              + "' is absolute and outside the corpus root. Library paths are relative to"
              + " CORPUS_ROOT (by default the directory of corpus.toml), here '"
              + root
              + "'. Move the archive under that directory and give its path from there, or set"
              + " CORPUS_ROOT to a directory that holds the archive.",
          absolute);
      Files.createSymbolicLink(root.resolve("wiki/link.zim"), outside);
      String link = load("version = 1\n" + lib("Wiki", "wiki/link.zim", "mediawiki"));
      assertTrue(link.contains("library 'Wiki'") && link.contains("leaves the corpus root"), link);
    } finally {
      Files.deleteIfExists(outside);
    }
  }

  @Test
  void aSyntaxErrorNamesTheFile() throws Exception {
    assertTrue(load("version = \n[[library]").contains(config.getFileName().toString()));
  }
}
