package org.corpusmcp.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a fresh distribution's first {@code serve} loads, read from the JVM's own class-load log:
 * the classes of its start-up path come from the package-time archive, not from lib/'s jars.
 */
class StartupArchiveIT {

  /** {@code : "${JAVA_OPTS:=-XX:+UseSerialGC …}"}: the launcher's default JVM options. */
  private static final Pattern DEFAULT_OPTS = Pattern.compile("\\$\\{JAVA_OPTS:=([^}]*)}");

  /**
   * The options the launcher uses when none are set (the archive was trained with them), read from
   * the launcher so that a test adding the class log runs the JVM the user gets.
   */
  private static String launcherDefaultOptions() throws Exception {
    Matcher m = DEFAULT_OPTS.matcher(Files.readString(Dist.LAUNCHER));
    assertTrue(m.find(), "the launcher sets default JVM options");
    return m.group(1);
  }

  /** {@code [0.123s][info][class,load] picocli.CommandLine source: shared objects file (top)}. */
  private static final Pattern LOADED =
      Pattern.compile("\\[class,load\\s*\\] (\\S+) source: (.*)$", Pattern.MULTILINE);

  private record Load(String className, String source) {
    boolean fromArchive() {
      return source.startsWith("shared objects file");
    }

    boolean fromJar() {
      return source.startsWith("jar:") || source.startsWith("file:");
    }
  }

  /** Every class the JVM's class-load log at {@code log} names, in load order. */
  private static List<Load> loads(Path log) throws Exception {
    List<Load> loads = new java.util.ArrayList<>();
    Matcher m = LOADED.matcher(Files.readString(log));
    while (m.find()) {
      loads.add(new Load(m.group(1), m.group(2)));
    }
    return loads;
  }

  private static List<Load> serveUntilEndOfInput(Path dir) throws Exception {
    return serveUntilEndOfInput(dir, Dist.env());
  }

  private static List<Load> serveUntilEndOfInput(Path dir, Map<String, String> env)
      throws Exception {
    Path log = dir.resolve("classes.log");
    env.put("JAVA_OPTS", launcherDefaultOptions() + " -Xlog:class+load=info:file=" + log);
    env.remove("CORPUS_CONFIG");
    env.remove("CORPUS_ROOT");
    // Standard input is closed at once: the host starts in full, then shuts down.
    Dist.Result serve = Dist.corpusMcp(dir, env, "serve");
    assertEquals(0, serve.status(), serve.err());
    List<Load> loads = loads(log);
    assertTrue(loads.size() > 1000, "a class-load log was written: " + loads.size() + " lines");
    return loads;
  }

  @Test
  void picocliIsMappedFromTheArchiveNotReadFromItsJar(@TempDir Path dir) throws Exception {
    List<Load> picocli =
        serveUntilEndOfInput(dir).stream()
            .filter(l -> l.className().startsWith("picocli."))
            .toList();
    // Its jar ships Java 5 class files, which Java 17 cannot archive: the build rewrites them.
    assertTrue(picocli.size() > 50, "serve parses its command line: " + picocli.size());
    assertEquals(
        List.of(),
        picocli.stream().filter(l -> !l.fromArchive()).map(Load::toString).toList(),
        "picocli classes loaded from elsewhere than the archive");
  }

  @Test
  @SuppressWarnings("try") // the server's close() may throw InterruptedException, as intended
  void anHttpServeMapsJettyAndTheHttpFrontFromTheArchive(@TempDir Path dir) throws Exception {
    Path log = dir.resolve("classes.log");
    Map<String, String> env = Dist.env();
    env.put("JAVA_OPTS", launcherDefaultOptions() + " -Xlog:class+load=info:file=" + log);
    env.remove("CORPUS_CONFIG");
    env.remove("CORPUS_ROOT");
    try (Dist.HttpServer server = new Dist.HttpServer(env)) {
      assertTrue(server.url.startsWith("http://"), server.url);
    }
    List<Load> loads = loads(log);
    // Jetty would ask the HotSpot diagnostic MXBean how to pad its queues, which starts the
    // platform MBean server (some 200 classes); the launcher gives it the answer instead.
    assertEquals(
        List.of(),
        loads.stream()
            .map(Load::className)
            .filter(c -> c.startsWith("javax.management.") || c.startsWith("com.sun.jmx."))
            .limit(5)
            .toList(),
        "serve --http starts no JMX");
    List<Load> http =
        loads.stream()
            .filter(
                l ->
                    l.className().startsWith("org.eclipse.jetty.")
                        || l.className().startsWith("jakarta.servlet.")
                        || l.className().startsWith("org.corpusmcp.host.mcp.Http"))
            .toList();
    // The training run is a stdio session; it serves HTTP too once its input ends, for this.
    assertTrue(http.size() > 200, "serve --http starts Jetty: " + http.size());
    // Lambdas and other hidden classes are spun at run time whatever the archive holds; what an
    // archive saves is reading, defining and verifying classes from the jars.
    assertEquals(
        List.of(),
        http.stream().filter(Load::fromJar).map(Load::toString).toList(),
        "HTTP classes read from lib/'s jars instead of the archive");
  }

  @Test
  void everyRewrittenPicocliClassPassesTheVerifier() throws Exception {
    Path jar;
    try (var files = Files.list(Dist.HOME.resolve("lib"))) {
      jar =
          files
              .filter(f -> f.getFileName().toString().startsWith("picocli-"))
              .findFirst()
              .orElseThrow();
    }
    int classes = 0;
    // Initialising a class links it, and linking a class file of format 50+ runs the type-checking
    // verifier on the stack map frames the build computed (a wrong frame is a VerifyError).
    try (java.util.jar.JarFile entries = new java.util.jar.JarFile(jar.toFile());
        java.net.URLClassLoader loader =
            new java.net.URLClassLoader(
                new java.net.URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
      for (var entry : java.util.Collections.list(entries.entries())) {
        String name = entry.getName();
        if (name.endsWith(".class") && !name.startsWith("META-INF/")) {
          byte[] head;
          try (var in = entries.getInputStream(entry)) {
            head = in.readNBytes(8);
          }
          assertTrue(
              ((head[6] & 0xff) << 8 | (head[7] & 0xff)) >= 52, name + " is Java 8's format");
          Class.forName(name.substring(0, name.length() - 6).replace('/', '.'), true, loader);
          classes++;
        }
      }
    }
    assertTrue(classes > 200, "picocli's classes: " + classes);
  }

  @Test
  void theHostItselfComesFromTheArchiveAndLoggingNeedsNoXmlParser(@TempDir Path dir)
      throws Exception {
    List<Load> loads = serveUntilEndOfInput(dir);
    Load main =
        loads.stream()
            .filter(l -> l.className().equals("org.corpusmcp.host.Main"))
            .findFirst()
            .orElseThrow();
    assertTrue(main.fromArchive(), main.toString());
    assertEquals(
        List.of(),
        loads.stream()
            .map(Load::className)
            .filter(
                c ->
                    c.startsWith("javax.xml.")
                        || c.startsWith("com.sun.org.apache.xerces.")
                        || c.startsWith("jdk.xml.")
                        || c.endsWith(".JoranConfigurator"))
            .toList(),
        "logging is configured in code (StderrLogging), not from XML");
  }

  @Test
  void aSessionThatNeverAsksTheWikiSetsUpNoTls(@TempDir Path dir) throws Exception {
    // The Arch wiki plugin's HTTP client is built at its first request: setting up the JVM's TLS
    // context (the trust store parsed, some 800 classes) cost every start about a tenth of its
    // time.
    Map<String, String> live = Dist.env();
    live.remove("ARCHWIKI_OFFLINE"); // the default: the plugin talks to the wiki over HTTPS
    assertEquals(
        List.of(),
        serveUntilEndOfInput(dir, live).stream()
            .map(Load::className)
            .filter(c -> c.startsWith("sun.security.ssl.") || c.startsWith("javax.net.ssl."))
            .limit(5)
            .toList(),
        "a stdio session that calls no tool loads no TLS classes");
  }

  @Test
  void theDefaultsTrimTheNativeHeapOnThisRuntime() throws Exception {
    // The defaults ignore options a runtime does not know (older Java 17 updates lack the trim),
    // so a misspelt option would be dropped silently: ask this runtime what it made of them.
    List<String> command = new java.util.ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of(launcherDefaultOptions().trim().split("\\s+")));
    command.addAll(List.of("-XX:+PrintFlagsFinal", "-version"));
    Process runtime = new ProcessBuilder(command).redirectErrorStream(true).start();
    String flags = new String(runtime.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, runtime.waitFor());
    assertTrue(
        Pattern.compile("TrimNativeHeapInterval\\s+=\\s+5000\\s").matcher(flags).find(),
        "the launcher's defaults trim the native heap every 5 s");
  }
}
