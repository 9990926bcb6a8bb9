package org.corpusmcp.e2e;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A real MediaWiki (Debian's {@code mediawiki} package, 1.39) installed into a directory under
 * {@code target/} with SQLite, served by {@code php -S 127.0.0.1:<free port>}, and changed the way
 * its operators change it: {@code importDump.php}, {@code edit.php}, {@code deleteBatch.php},
 * {@code moveBatch.php}, {@code sql.php}. Nothing is written outside {@link #dir}: the settings
 * file is passed through {@code MW_CONFIG_FILE}, the database lives in {@code dir/data}.
 *
 * <p>Every maintenance script and the server start are bounded in time; {@link #close} stops the
 * server.
 */
@SuppressWarnings("try") // close() waits for php and lets an interrupt through
final class LocalMediaWiki implements AutoCloseable {

  static final Path INSTALL = Path.of("/usr/share/mediawiki");
  private static final Duration SCRIPT_TIMEOUT = Duration.ofMinutes(3);
  private static final JsonMapper JSON = JsonMapper.builder().build();

  final Path dir;
  final int port;
  final String server;
  final String api;
  private final Path settings;
  private final Process php;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  /** A page to create: its title and wikitext. */
  record Page(String title, String wikitext) {}

  private LocalMediaWiki(Path dir, int port, Process php) {
    this.dir = dir;
    this.port = port;
    this.server = "http://127.0.0.1:" + port;
    this.api = server + "/api.php";
    this.settings = dir.resolve("LocalSettings.php");
    this.php = php;
  }

  /**
   * Installs a wiki named {@code siteName} in {@code dir} (emptied first), appends {@code
   * extraSettings} to its LocalSettings.php, runs {@code sql} against its database, imports {@code
   * pages}, builds the search index and starts serving it.
   */
  static LocalMediaWiki start(
      Path dir, String siteName, String extraSettings, String sql, List<Page> pages)
      throws Exception {
    if (!Files.isRegularFile(INSTALL.resolve("maintenance/install.php")) || !onPath("php")) {
      throw new AssertionError(
          "MediaWiki is not installed: the live Arch wiki tests need Debian's"
              + " mediawiki, php-cli, php-sqlite3, php-intl, php-mbstring and php-xml"
              + " (scripts/test installs them)");
    }
    deleteTree(dir);
    Files.createDirectories(dir.resolve("data"));
    int port = freePort();
    run(
        dir,
        null,
        null,
        "php",
        INSTALL.resolve("maintenance/install.php").toString(),
        "--dbtype=sqlite",
        "--dbpath=" + dir.resolve("data"),
        "--dbname=wiki",
        "--server=http://127.0.0.1:" + port,
        "--scriptpath=",
        "--confpath=" + dir,
        "--pass=corpus-mcp-local-test",
        "--lang=en",
        "--quiet",
        siteName,
        "Admin");
    Path settings = dir.resolve("LocalSettings.php");
    Files.writeString(settings, Files.readString(settings) + "\n" + extraSettings + "\n");
    if (!sql.isEmpty()) {
      Path file = dir.resolve("setup.sql");
      Files.writeString(file, sql);
      run(
          dir,
          settings,
          null,
          "php",
          INSTALL.resolve("maintenance/sql.php").toString(),
          file.toString());
    }
    Path dump = dir.resolve("import.xml");
    Files.writeString(dump, exportXml(pages));
    run(
        dir,
        settings,
        null,
        "php",
        INSTALL.resolve("maintenance/importDump.php").toString(),
        "--quiet",
        dump.toString());
    run(dir, settings, null, "php", INSTALL.resolve("maintenance/rebuildtextindex.php").toString());
    ProcessBuilder builder =
        new ProcessBuilder("php", "-S", "127.0.0.1:" + port, "-t", INSTALL.toString())
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("server.log").toFile());
    builder.environment().put("MW_CONFIG_FILE", settings.toString());
    LocalMediaWiki wiki = new LocalMediaWiki(dir, port, builder.start());
    wiki.awaitReady();
    return wiki;
  }

  private void awaitReady() throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (System.nanoTime() < deadline) {
      if (!php.isAlive()) {
        throw new AssertionError("php -S exited: " + Files.readString(dir.resolve("server.log")));
      }
      try {
        if (query("action=query&meta=siteinfo&format=json").has("query")) {
          return;
        }
      } catch (IOException notYet) {
        // not listening yet
      }
      Thread.sleep(100);
    }
    close();
    throw new AssertionError("the local MediaWiki did not answer within 30 s");
  }

  /** {@code api.php?<query>} as a JSON tree. */
  JsonNode query(String query) throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(api + "?" + query))
            .timeout(Duration.ofSeconds(30))
            .GET()
            .build();
    HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
    return JSON.readTree(response.body());
  }

  /** The page's own current revision (redirects not followed), or -1 when it does not exist. */
  long revid(String title) throws Exception {
    JsonNode pages =
        query(
                "action=query&prop=revisions&rvprop=ids&format=json&titles="
                    + java.net.URLEncoder.encode(title, StandardCharsets.UTF_8))
            .path("query")
            .path("pages");
    for (JsonNode page : pages) {
      JsonNode revisions = page.path("revisions");
      return revisions.isEmpty() ? -1 : revisions.get(0).path("revid").asLong();
    }
    return -1;
  }

  /** The page id MediaWiki gave {@code title}. */
  long pageid(String title) throws Exception {
    JsonNode pages =
        query(
                "action=query&format=json&titles="
                    + java.net.URLEncoder.encode(title, StandardCharsets.UTF_8))
            .path("query")
            .path("pages");
    for (JsonNode page : pages) {
      return page.path("pageid").asLong(-1);
    }
    return -1;
  }

  /** A new revision of {@code title} with {@code wikitext} ({@code edit.php}). */
  void edit(String title, String wikitext) throws Exception {
    run(
        dir,
        settings,
        wikitext,
        "php",
        INSTALL.resolve("maintenance/edit.php").toString(),
        "--summary=corpus-mcp live test",
        title);
  }

  /** Deletes the page with its history ({@code deleteBatch.php}). */
  void delete(String title) throws Exception {
    Path list = Files.writeString(dir.resolve("delete.txt"), title + "\n");
    run(
        dir,
        settings,
        null,
        "php",
        INSTALL.resolve("maintenance/deleteBatch.php").toString(),
        "-r",
        "corpus-mcp live test",
        list.toString());
  }

  /** Moves a page, leaving a redirect behind ({@code moveBatch.php}). */
  void move(String from, String to) throws Exception {
    Path list = Files.writeString(dir.resolve("move.txt"), from + "|" + to + "\n");
    run(
        dir,
        settings,
        null,
        "php",
        INSTALL.resolve("maintenance/moveBatch.php").toString(),
        "-r",
        "corpus-mcp live test",
        list.toString());
  }

  @Override
  public void close() throws InterruptedException {
    php.destroy();
    if (!php.waitFor(10, TimeUnit.SECONDS)) {
      php.destroyForcibly();
    }
  }

  /** A MediaWiki export document (schema 0.11) holding one revision of each page. */
  static String exportXml(List<Page> pages) {
    StringBuilder xml =
        new StringBuilder(
            "<mediawiki xmlns=\"http://www.mediawiki.org/xml/export-0.11/\" version=\"0.11\">\n");
    for (Page page : pages) {
      xml.append("<page><title>")
          .append(escape(page.title()))
          .append("</title><revision>")
          .append("<model>wikitext</model><format>text/x-wiki</format>")
          .append("<text xml:space=\"preserve\">")
          .append(escape(page.wikitext()))
          .append("</text></revision></page>\n");
    }
    return xml.append("</mediawiki>\n").toString();
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }

  /**
   * Runs a command to completion within {@link #SCRIPT_TIMEOUT}; a non-zero exit fails the test.
   */
  private static String run(Path cwd, Path settings, String stdin, String... command)
      throws Exception {
    ProcessBuilder builder =
        new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true);
    if (settings != null) {
      builder.environment().put("MW_CONFIG_FILE", settings.toString());
    }
    Process process = builder.start();
    CompletableFuture<String> out =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
              } catch (IOException e) {
                return "";
              }
            });
    try (var in = process.getOutputStream()) {
      if (stdin != null) {
        in.write(stdin.getBytes(StandardCharsets.UTF_8));
      }
    }
    if (!process.waitFor(SCRIPT_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("timed out after " + SCRIPT_TIMEOUT + ": " + List.of(command));
    }
    String output = out.get();
    if (process.exitValue() != 0) {
      throw new AssertionError(
          "exit " + process.exitValue() + ": " + List.of(command) + "\n" + output);
    }
    return output;
  }

  private static boolean onPath(String program) {
    for (String part : System.getenv().getOrDefault("PATH", "").split(":", -1)) {
      if (!part.isEmpty() && Files.isExecutable(Path.of(part, program))) {
        return true;
      }
    }
    return false;
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    List<Path> paths = new ArrayList<>();
    try (var walk = Files.walk(root)) {
      walk.forEach(paths::add);
    }
    for (int i = paths.size() - 1; i >= 0; i--) {
      Files.delete(paths.get(i));
    }
  }
}
