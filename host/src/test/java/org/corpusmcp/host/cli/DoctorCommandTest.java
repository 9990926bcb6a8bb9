package org.corpusmcp.host.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.corpusmcp.host.config.HostSettings;
import org.corpusmcp.host.testing.PluginJarBuilder;
import org.corpusmcp.host.testing.TestCorpus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code doctor} over a one-library corpus whose adapter counts, in a system property, how often it
 * is asked to recognise an archive ({@code adapter = "auto"}: once per opening of the corpus).
 */
class DoctorCommandTest {

  private static final String DETECTS = "corpusmcp.test.doctorDetects";

  @Test
  void doctorOpensTheCorpusOnceAndKeepsInfoLinesOutOfItsChecklist(@TempDir Path dir)
      throws Exception {
    Path plugins = dir.resolve("plugins");
    Files.createDirectories(plugins);
    PluginJarBuilder.plugin("counting-adapter")
        .source(
            "test.counting.CountingAdapter",
            """
            package test.counting;
            import org.corpusmcp.api.corpus.*;
            import org.corpusmcp.markdown.*;
            @org.pf4j.Extension
            public class CountingAdapter implements CorpusAdapter {
              static final HtmlSectionizer SECTIONIZER =
                  new HtmlSectionizer(CleaningPolicy.builder().build());
              public String name() { return "counting"; }
              public DocumentKind kind() { return DocumentKind.ARTICLE; }
              public ParseResult parse(EntryFacts entry, String html, LinkResolver links) {
                return SECTIONIZER.toDocument(entry.title(), html, links);
              }
              public double detect(ArchiveMetadata metadata) {
                String key = "%s";
                System.setProperty(key, String.valueOf(Integer.getInteger(key, 0) + 1));
                return 1;
              }
            }
            """
                .formatted(DETECTS))
        .writeTo(plugins);
    Path config =
        Files.writeString(
            dir.resolve("corpus.toml"),
            "version = 1\n\n[[library]]\nname = \"Hundred\"\npath = \""
                + TestCorpus.HUNDRED
                + "\"\nadapter = \"auto\"\n");
    Map<String, String> env =
        Map.of(
            HostSettings.ENV_PLUGINS_DIR,
            plugins.toString(),
            "CORPUS_CONFIG",
            config.toString(),
            "CORPUS_ROOT",
            TestCorpus.SAMPLES.toString(),
            "CORPUS_INDEX_DIR",
            dir.resolve("index").toString());

    LoggerContext logging = (LoggerContext) LoggerFactory.getILoggerFactory();
    ch.qos.logback.classic.Logger rootLogger = logging.getLogger(Logger.ROOT_LOGGER_NAME);
    Level levelBefore = rootLogger.getLevel();
    assertTrue(rootLogger.isInfoEnabled(), "INFO is on, as for an operator without LOG_LEVEL");
    ListAppender<ILoggingEvent> logged = new ListAppender<>();
    logged.setContext(logging);
    logged.start();
    rootLogger.addAppender(logged);
    System.clearProperty(DETECTS);
    CommandLineTest.Run doctor;
    String detects;
    try {
      doctor = CommandLineTest.run(env, "doctor");
    } finally {
      rootLogger.detachAppender(logged);
      detects = System.getProperty(DETECTS);
      System.clearProperty(DETECTS);
    }
    assertEquals(0, doctor.status(), doctor.out() + doctor.err());
    assertEquals("1", detects, "one library, one opening of the corpus: one detect");
    assertTrue(
        doctor.out().contains("ok   corpus ") && doctor.out().contains("Hundred (counting, "),
        doctor.out());
    assertTrue(doctor.out().contains("ok   2 tool(s) served: [search, fetch]"), doctor.out());
    List<String> infoLines =
        logged.list.stream()
            .filter(e -> !e.getLevel().isGreaterOrEqual(Level.WARN))
            .map(ILoggingEvent::getFormattedMessage)
            .toList();
    assertEquals(List.of(), infoLines, "INFO lines while doctor ran");
    assertEquals(levelBefore, rootLogger.getLevel(), "the level is restored after doctor");
  }
}
