package org.corpusmcp.host;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.pattern.MessageConverter;
import ch.qos.logback.classic.pattern.ThrowableProxyConverter;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.StackTraceElementProxy;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
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
 * <p>Every line is one line: the message and an exception's message (which often quote a client's
 * query or ref, or an archive's text) go through {@link LogText#escape}, so a newline in them is
 * written {@code \n} and cannot forge a line, and terminal controls (ESC, BEL, NUL…) are written
 * {@code \}{@code u001b} and so on. This is done here, once, for every logger, so no call site can
 * forget it; only the stack trace's own frames keep their line breaks.
 *
 * <p>stdout is never written: in stdio mode it carries JSON-RPC only.
 */
public final class StderrLogging extends ContextAwareBase implements Configurator {

  static final String PATTERN = "%d{HH:mm:ss.SSS} %-5level %logger{24} - %safeMsg%n%safeEx";

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

    PatternLayout layout = new PatternLayout();
    layout.setContext(context);
    layout.getInstanceConverterMap().put("safeMsg", SafeMessage::new);
    layout.getInstanceConverterMap().put("safeEx", SafeThrowable::new);
    layout.setPattern(PATTERN);
    layout.start();
    LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
    encoder.setContext(context);
    encoder.setLayout(layout);
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

  /** {@code %msg} with control characters escaped. */
  static final class SafeMessage extends MessageConverter {
    @Override
    public String convert(ILoggingEvent event) {
      return LogText.escape(super.convert(event));
    }
  }

  /** {@code %ex} with each exception's message escaped; the frames keep their own lines. */
  static final class SafeThrowable extends ThrowableProxyConverter {
    @Override
    protected String throwableProxyToString(IThrowableProxy proxy) {
      return super.throwableProxyToString(new EscapedProxy(proxy));
    }
  }

  /** A throwable as logback sees it, with its message (and its causes' messages) escaped. */
  private record EscapedProxy(IThrowableProxy proxy) implements IThrowableProxy {
    @Override
    public @Nullable String getMessage() {
      return LogText.escape(proxy.getMessage());
    }

    @Override
    public String getClassName() {
      return proxy.getClassName();
    }

    @Override
    public StackTraceElementProxy[] getStackTraceElementProxyArray() {
      return proxy.getStackTraceElementProxyArray();
    }

    @Override
    public int getCommonFrames() {
      return proxy.getCommonFrames();
    }

    @Override
    public @Nullable IThrowableProxy getCause() {
      IThrowableProxy cause = proxy.getCause();
      return cause == null ? null : new EscapedProxy(cause);
    }

    @Override
    public IThrowableProxy[] getSuppressed() {
      IThrowableProxy[] suppressed = proxy.getSuppressed();
      if (suppressed == null) {
        return new IThrowableProxy[0];
      }
      IThrowableProxy[] out = new IThrowableProxy[suppressed.length];
      for (int i = 0; i < suppressed.length; i++) {
        out[i] = new EscapedProxy(suppressed[i]);
      }
      return out;
    }

    @Override
    public boolean isCyclic() {
      return proxy.isCyclic();
    }
  }
}
