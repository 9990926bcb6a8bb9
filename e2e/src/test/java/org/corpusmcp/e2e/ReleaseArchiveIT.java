package org.corpusmcp.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The release archives as a user gets them: checked against their SHA-256 sums, unpacked with the
 * system's own tools into a directory that is not the checkout, and run from there.
 */
class ReleaseArchiveIT {

  private static final Path TARGET = Path.of(System.getProperty("release.dir"));
  private static final String VERSION = System.getProperty("release.version");
  private static final String BASE = "corpus-mcp-" + VERSION;

  @Test
  void eachArchiveMatchesTheSumPublishedBesideIt() throws Exception {
    for (String name : List.of(BASE + ".tar.gz", BASE + ".zip")) {
      Path archive = TARGET.resolve(name);
      String line = Files.readString(TARGET.resolve(name + ".sha256")).trim();
      // sha256sum's format, so `sha256sum -c` checks a download: "<hex>  <file name>".
      String[] parts = line.split(" {2}", 2);
      assertEquals(name, parts[1], "the sum names its archive");
      assertEquals(sha256(archive), parts[0], "SHA-256 of " + name);
      Dist.Result check =
          Dist.run(TARGET, Dist.env(), List.of("sha256sum", "-c", name + ".sha256"));
      assertEquals(0, check.status(), check.out() + check.err());
    }
  }

  @Test
  void theTarballRunsWhereverItIsUnpacked(@TempDir Path dir) throws Exception {
    Path unpackInto = Files.createDirectories(dir.resolve("some place"));
    Dist.Result untar =
        Dist.run(
            unpackInto,
            Dist.env(),
            List.of("tar", "-xzf", TARGET.resolve(BASE + ".tar.gz").toString()));
    assertEquals(0, untar.status(), untar.err());
    Path home = unpackInto.resolve(BASE);
    Path launcher = home.resolve("bin/corpus-mcp");
    assertTrue(
        Files.getPosixFilePermissions(launcher).contains(PosixFilePermission.OWNER_EXECUTE),
        "bin/corpus-mcp is executable after tar -x");

    // Run from an unrelated directory: the launcher finds its own lib/, plugins/ and corpus/.
    Path elsewhere = Files.createDirectories(dir.resolve("cwd"));
    Dist.Result search =
        Dist.run(
            elsewhere,
            Dist.env(),
            List.of(
                launcher.toString(), "call", "search", "{\"query\":\"Reciprocal Rank Fusion\"}"));
    assertEquals(0, search.status(), search.err());
    JsonNode results = JsonMapper.builder().build().readTree(search.out()).path("results");
    // docs/architecture.md is the handbook page that explains the fusion (read by hand).
    assertEquals(
        "corpus://Handbook/docs/architecture",
        results.path(0).path("ref").asString(),
        search.out());
    assertFalse(
        search.err().contains("building the distribution"),
        "an unpacked release never builds: " + search.err());
  }

  @Test
  void anUnpackedReleaseWritesItsStartUpArchiveInTheBackgroundNotAtItsFirstExit(@TempDir Path dir)
      throws Exception {
    Dist.Result untar =
        Dist.run(
            dir, Dist.env(), List.of("tar", "-xzf", TARGET.resolve(BASE + ".tar.gz").toString()));
    assertEquals(0, untar.status(), untar.err());
    Path home = dir.resolve(BASE).toRealPath();
    Path lib = home.resolve("lib");
    assertTrue(Files.isExecutable(lib.resolve("cds-train.sh")), "the training script ships");
    try (Stream<Path> files = Files.list(lib)) {
      assertTrue(
          files.noneMatch(f -> f.getFileName().toString().startsWith("corpus-mcp.jsa")),
          "a release carries no archive: it would name the build machine's paths");
    }
    Map<String, String> env = Dist.env();
    env.put("CORPUS_MCP_CDS_TRAIN_DELAY", "0");
    // stdio serve, input closed at once: it starts, answers nothing and exits
    Dist.Result serve =
        Dist.run(dir, env, List.of(home.resolve("bin/corpus-mcp").toString(), "serve"));
    assertEquals(0, serve.status(), serve.err());
    Path jsa = lib.resolve("corpus-mcp.jsa");
    Path aot = lib.resolve("corpus-mcp.aot");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
    boolean pending = true;
    while (pending && System.nanoTime() < deadline) {
      Thread.sleep(500);
      boolean written = Files.exists(jsa) || Files.exists(aot);
      pending = !written || Files.exists(lib.resolve(".cds-training"));
    }
    Path written = Files.exists(jsa) ? jsa : aot;
    assertTrue(Files.size(written) > 1_000_000, "the archive was written: " + written);
    assertEquals(
        home.toString(),
        Files.readString(written.resolveSibling(written.getFileName() + ".home")).strip(),
        "the archive names the installation it is valid for");
    assertFalse(Files.exists(lib.resolve(".cds-training")), "the training lock is released");
    assertFalse(Files.exists(lib.resolve("corpus-mcp.new.jsa")), "nothing left beside it");
    assertFalse(Files.exists(lib.resolve("corpus-mcp.new.aot")), "nothing left beside it");
  }

  @Test
  void theZipHoldsWhatTheTarballHolds(@TempDir Path dir) throws Exception {
    Dist.Result untar =
        Dist.run(
            dir, Dist.env(), List.of("tar", "-xzf", TARGET.resolve(BASE + ".tar.gz").toString()));
    assertEquals(0, untar.status(), untar.err());
    Set<String> tarFiles;
    try (Stream<Path> walk = Files.walk(dir.resolve(BASE))) {
      tarFiles =
          walk.filter(Files::isRegularFile)
              .map(p -> BASE + "/" + dir.resolve(BASE).relativize(p).toString().replace('\\', '/'))
              .collect(Collectors.toCollection(TreeSet::new));
    }
    Set<String> zipFiles = new TreeSet<>();
    try (ZipFile zip = new ZipFile(TARGET.resolve(BASE + ".zip").toFile())) {
      zip.stream().filter(e -> !e.isDirectory()).forEach(e -> zipFiles.add(e.getName()));
      assertEquals(tarFiles, zipFiles, "the same files in both archives");
      assertTrue(
          zipFiles.contains(BASE + "/bin/corpus-mcp.cmd"), "a Windows launcher: " + zipFiles);
      assertTrue(
          zipFiles.stream().anyMatch(n -> n.startsWith(BASE + "/plugins/plugin-archwiki")),
          "the plugins ship: " + zipFiles);

      ZipEntry cmd = zip.getEntry(BASE + "/bin/corpus-mcp.cmd");
      String batch;
      try (InputStream in = zip.getInputStream(cmd)) {
        batch = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
      }
      // cmd.exe misreads labels and continuation lines in LF-only batch files.
      assertEquals(
          batch.split("\n", -1).length - 1,
          batch.split("\r\n", -1).length - 1,
          "every line of the .cmd ends in CRLF");
      assertTrue(batch.contains("org.corpusmcp.host.Main"), batch);
    }
  }

  /** The published artifacts for plugin authors, and what any Maven repository holds of each. */
  @Test
  void theTarballShipsAMavenRepositoryForPluginAuthors(@TempDir Path dir) throws Exception {
    Dist.Result untar =
        Dist.run(
            dir, Dist.env(), List.of("tar", "-xzf", TARGET.resolve(BASE + ".tar.gz").toString()));
    assertEquals(0, untar.status(), untar.err());
    Path maven = dir.resolve(BASE).resolve("maven");
    assertTrue(Files.isDirectory(maven), "maven/ is in the release");
    List<String> withCode = List.of("plugin-api", "plugin-json", "plugin-testkit", "markdown");
    for (String artifact :
        Stream.concat(Stream.of("corpus-mcp-parent"), withCode.stream()).toList()) {
      Path versionDir = maven.resolve("org/corpusmcp/" + artifact + "/" + VERSION);
      assertTrue(
          Files.isRegularFile(versionDir.resolve("maven-metadata.xml")),
          artifact + ": snapshot metadata, as a deploy writes it");
      assertTrue(Files.isRegularFile(versionDir.resolveSibling("maven-metadata.xml")), artifact);
      Set<String> names;
      try (Stream<Path> files = Files.list(versionDir)) {
        names =
            files
                .map(p -> p.getFileName().toString())
                .collect(Collectors.toCollection(TreeSet::new));
      }
      List<String> suffixes =
          withCode.contains(artifact)
              ? List.of(".pom", ".jar", "-sources.jar", "-javadoc.jar")
              : List.of(".pom");
      for (String suffix : suffixes) {
        String file =
            names.stream()
                .filter(
                    n ->
                        n.startsWith(artifact + "-")
                            && n.endsWith(suffix)
                            && (suffix.equals(".jar")
                                ? !n.endsWith("-sources.jar") && !n.endsWith("-javadoc.jar")
                                : true))
                .findFirst()
                .orElse(null);
        assertTrue(file != null, artifact + " has its " + suffix + ": " + names);
        Path path = versionDir.resolve(file);
        assertEquals(
            digest("SHA-1", path),
            Files.readString(versionDir.resolve(file + ".sha1")).trim(),
            file + ".sha1");
        assertEquals(
            digest("MD5", path),
            Files.readString(versionDir.resolve(file + ".md5")).trim(),
            file + ".md5");
      }
    }
  }

  /**
   * man/man1 holds a page for the command and each subcommand. The names are those of the
   * subcommands CorpusMcpCommand declares, checked by hand against `corpus-mcp --help`.
   */
  @Test
  void theManPagesCoverEverySubcommand(@TempDir Path dir) throws Exception {
    Dist.Result untar =
        Dist.run(
            dir, Dist.env(), List.of("tar", "-xzf", TARGET.resolve(BASE + ".tar.gz").toString()));
    assertEquals(0, untar.status(), untar.err());
    Path man1 = dir.resolve(BASE).resolve("man/man1");
    String roff = Files.readString(man1.resolve("corpus-mcp.1"));
    // roff writes a hyphen as \-.
    assertTrue(
        roff.contains(".TH \"CORPUS\\-MCP\" \"1\""),
        "a roff man page: " + roff.lines().limit(12).toList());
    String main = roff.replace("\\-", "-");
    List<String> subcommands =
        List.of("serve", "tools", "call", "doctor", "corpus", "zim", "help", "generate-completion");
    for (String sub : subcommands) {
      assertTrue(main.contains(sub), "corpus-mcp.1 names " + sub);
      assertTrue(
          Files.isRegularFile(man1.resolve("corpus-mcp-" + sub + ".1")), "a page for " + sub);
    }
    assertTrue(
        Files.isRegularFile(man1.resolve("corpus-mcp-corpus-list.1")), "nested subcommands too");
    Dist.Result help = Dist.corpusMcp(dir, Dist.env(), "--help");
    String commands = help.out().substring(help.out().indexOf("Commands:"));
    for (String sub : subcommands) {
      assertTrue(commands.contains("  " + sub + " "), "--help lists " + sub + ": " + commands);
    }
  }

  private static String digest(String algorithm, Path file) throws Exception {
    return HexFormat.of()
        .formatHex(MessageDigest.getInstance(algorithm).digest(Files.readAllBytes(file)));
  }

  private static String sha256(Path file) throws Exception {
    MessageDigest digest = MessageDigest.getInstance("SHA-256");
    try (InputStream in = Files.newInputStream(file)) {
      byte[] buffer = new byte[1 << 16];
      for (int n; (n = in.read(buffer)) > 0; ) {
        digest.update(buffer, 0, n);
      }
    }
    return HexFormat.of().formatHex(digest.digest());
  }
}
