package org.corpusmcp.host;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.status.NopStatusListener;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;

/**
 * The host's logging set-up, in code: every line to stderr as {@code HH:mm:ss.SSS LEVEL logger -
 * message}, the root at {@code LOG_LEVEL} (default INFO), the MCP SDK at {@code MCP_SDK_LOG_LEVEL}
 * (default WARN), Jetty and PF4J at WARN. Logback finds it as a service before it would look for a
 * logback.xml, and configuring here spares every start the XML parser and Joran's interpreter (some
 * 470 classes, a tenth of what a stdio session loads before its first answer). A {@code
 * -Dlogback.configurationFile} still wins: then this steps aside for logback's own configurator.
 *
 * <p>stdout is never written: in stdio mode it carries JSON-RPC only.
 */
public final class StderrLogging extends ContextAwareBase implements Configurator {

  static final String PATTERN = "%d{HH:mm:ss.SSS} %-5level %logger{24} - %msg%n";

  private final UnaryOperator<@Nullable String> settings;

  /** The instance logback's service loader creates: settings from system properties, then env. */
  public StderrLogging() {
    this(name -> System.getProperty(name, System.getenv(name)));
  }

  /** With {@code settings} looking up LOG_LEVEL and MCP_SDK_LOG_LEVEL (and nothing else). */
  StderrLogging(UnaryOperator<@Nullable String> settings) {
    this.settings = settings;
  }

  @Override
  public ExecutionStatus configure(LoggerContext context) {
    if (System.getProperty("logback.configurationFile") != null) {
      return ExecutionStatus.INVOKE_NEXT_IF_ANY;
    }
    // Logback would otherwise print its own warnings and errors on stdout.
    context.getStatusManager().add(new NopStatusListener());

    PatternLayoutEncoder encoder = new PatternLayoutEncoder();
    encoder.setContext(context);
    encoder.setPattern(PATTERN);
    encoder.start();
    ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
    stderr.setContext(context);
    stderr.setName("STDERR");
    stderr.setTarget("System.err");
    stderr.setEncoder(encoder);
    stderr.start();

    ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
    root.setLevel(level("LOG_LEVEL", Level.INFO));
    root.addAppender(stderr);
    context.getLogger("io.modelcontextprotocol").setLevel(level("MCP_SDK_LOG_LEVEL", Level.WARN));
    context.getLogger("org.eclipse.jetty").setLevel(Level.WARN);
    context.getLogger("org.pf4j").setLevel(Level.WARN);
    return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
  }

  /** Undoes {@link #quietInfo}. */
  @FunctionalInterface
  public interface Restore extends AutoCloseable {
    @Override
    void close();
  }

  /**
   * Keeps INFO lines off the terminal until closed, for a command whose output is a checklist a
   * person reads ({@code doctor}): its own lines say what the log lines would. Warnings and errors
   * still show. Nothing changes when {@code LOG_LEVEL} is set (the operator asked for a level) or
   * when logging is not this logback set-up.
   *
   * @param logLevel the {@code LOG_LEVEL} setting, or null
   */
  public static Restore quietInfo(@Nullable String logLevel) {
    if ((logLevel != null && !logLevel.isBlank())
        || System.getProperty("LOG_LEVEL") != null
        || !(org.slf4j.LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
      return () -> {};
    }
    ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
    Level before = root.getLevel();
    if (before != null && before.isGreaterOrEqual(Level.WARN)) {
      return () -> {};
    }
    root.setLevel(Level.WARN);
    return () -> root.setLevel(before);
  }

  /** The named setting as a level; blank or unknown names give the default, as logback.xml did. */
  private Level level(String name, Level fallback) {
    String value = settings.apply(name);
    return value == null || value.isBlank() ? fallback : Level.toLevel(value.trim(), fallback);
  }
}
