package org.corpusmcp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.ConsoleAppender;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * The logging set-up that replaced logback.xml: the same levels, the same line format, and nothing
 * ever on stdout. Expected lines are written out by hand from the pattern the XML had.
 */
class StderrLoggingTest {

  private record Streams(String out, String err) {
    List<String> errLines() {
      return err.isEmpty() ? List.of() : List.of(err.split("\n"));
    }
  }

  /**
   * Configures a fresh logger context with {@code settings}, runs {@code body}, captures output.
   */
  private static Streams logWith(Map<String, String> settings, Consumer<LoggerContext> body) {
    LoggerContext context = new LoggerContext();
    context.setMDCAdapter(new LogbackMDCAdapter()); // what logback's service provider gives its own
    PrintStream realOut = System.out;
    PrintStream realErr = System.err;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      StderrLogging logging = new StderrLogging(settings::get);
      logging.setContext(context);
      logging.configure(context);
      body.accept(context);
    } finally {
      System.setOut(realOut);
      System.setErr(realErr);
      context.stop();
    }
    return new Streams(out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private static String withoutTime(String line) {
    assertTrue(line.matches("\\d\\d:\\d\\d:\\d\\d\\.\\d{3} .*"), line);
    return line.substring("00:00:00.000 ".length());
  }

  @Test
  void infoAndAboveGoToStderrInTheXmlsFormatAndNothingToStdout() {
    Streams s =
        logWith(
            Map.of(),
            c -> {
              c.getLogger("org.corpusmcp.host.cli.ServeCommand").info("ready on {}", "stdio");
              c.getLogger("org.corpusmcp.host.cli.ServeCommand").debug("not shown");
              c.getLogger("Short").warn("careful");
            });
    assertEquals("", s.out());
    assertEquals(2, s.errLines().size(), s.err());
    // %-5level pads INFO to five; %logger{24} shortens the packages until the name fits 24.
    assertEquals("INFO  o.c.h.cli.ServeCommand - ready on stdio", withoutTime(s.errLines().get(0)));
    assertEquals("WARN  Short - careful", withoutTime(s.errLines().get(1)));
  }

  @Test
  void logLevelSetsTheRootAndLeavesTheQuietLibrariesAtWarn() {
    Streams s =
        logWith(
            Map.of("LOG_LEVEL", "debug"),
            c -> {
              c.getLogger("org.corpusmcp.X").debug("mine");
              c.getLogger("io.modelcontextprotocol.server.McpServer").info("sdk info");
              c.getLogger("org.eclipse.jetty.server.Server").info("jetty info");
              c.getLogger("org.pf4j.DefaultPluginManager").info("pf4j info");
              c.getLogger("org.pf4j.DefaultPluginManager").warn("pf4j warn");
            });
    assertEquals("", s.out());
    assertEquals(
        List.of("DEBUG org.corpusmcp.X - mine", "WARN  o.p.DefaultPluginManager - pf4j warn"),
        s.errLines().stream().map(StderrLoggingTest::withoutTime).toList());
  }

  @Test
  void theSdkHasALevelOfItsOwnAndUnknownLevelsFallBackToTheDefault() {
    Streams s =
        logWith(
            Map.of("LOG_LEVEL", "loud", "MCP_SDK_LOG_LEVEL", "DEBUG"),
            c -> {
              c.getLogger("io.modelcontextprotocol.spec.McpSchema").debug("sdk debug");
              c.getLogger("org.corpusmcp.X").debug("hidden at INFO");
              c.getLogger("org.corpusmcp.X").info("shown");
            });
    assertEquals(
        List.of("DEBUG i.m.spec.McpSchema - sdk debug", "INFO  org.corpusmcp.X - shown"),
        s.errLines().stream().map(StderrLoggingTest::withoutTime).toList());
  }

  @Test
  void exceptionsFollowTheirLineOnStderr() {
    Streams s =
        logWith(
            Map.of(),
            c -> c.getLogger("org.corpusmcp.X").error("failed", new IllegalStateException("why")));
    assertEquals("", s.out());
    assertEquals("ERROR org.corpusmcp.X - failed", withoutTime(s.errLines().get(0)));
    assertEquals("java.lang.IllegalStateException: why", s.errLines().get(1));
  }

  /**
   * A query or ref with a newline must not write a line of its own (a forged ERROR from another
   * logger), and terminal controls (ESC, BEL, NUL, DEL, C1) must not reach the terminal raw.
   */
  @Test
  void controlCharactersInMessagesAndExceptionTextsAreEscapedOntoOneLine() {
    String forged =
        "q\n04:44:00.000 ERROR o.c.h.Auth - FORGED\r\u001b[31mred\u0007\u0000\u007f\u009b";
    Streams s =
        logWith(
            Map.of(),
            c -> {
              c.getLogger("org.corpusmcp.corpus.CorpusService").info("search '{}' -> 0", forged);
              c.getLogger("org.corpusmcp.X")
                  .warn("fetch failed", new IllegalStateException("bad ref\nFORGED LINE"));
            });
    assertEquals("", s.out());
    String escaped =
        "q\\n04:44:00.000 ERROR o.c.h.Auth - FORGED\\r\\u001b[31mred\\u0007\\u0000\\u007f\\u009b";
    assertEquals(
        "INFO  o.c.corpus.CorpusService - search '" + escaped + "' -> 0",
        withoutTime(s.errLines().get(0)));
    assertEquals("WARN  org.corpusmcp.X - fetch failed", withoutTime(s.errLines().get(1)));
    assertEquals("java.lang.IllegalStateException: bad ref\\nFORGED LINE", s.errLines().get(2));
    assertTrue(s.errLines().get(3).startsWith("\tat "), s.errLines().get(3));
    for (String line : s.errLines()) {
      assertFalse(line.contains("FORGED") && line.startsWith("04:44"), line);
      assertFalse(line.chars().anyMatch(ch -> (ch < 0x20 && ch != '\t') || ch == 0x7f), line);
    }
  }

  @Test
  void logbackFindsItAsAServiceInsteadOfLookingForXml() {
    LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
    ch.qos.logback.classic.Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    assertInstanceOf(ConsoleAppender.class, root.getAppender("STDERR"));
    assertEquals(Level.WARN, context.getLogger("org.pf4j").getLevel());
    assertEquals(Level.WARN, context.getLogger("org.eclipse.jetty").getLevel());
  }
}
