package org.corpusmcp.api;

import java.io.PrintStream;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One command-line command of a plugin ({@link CommandProvider}).
 *
 * <pre>{@code
 * new CommandSpec("record", "TITLE... [--force]", "Write replay fixtures from the wiki.",
 *     (args, out, err) -> { ...; return 0; });
 * }</pre>
 *
 * In Kotlin: {@code CommandSpec("record", "TITLE...", "…") { args, out, err -> 0 }}.
 *
 * @param name what follows the plugin id on the command line, {@link #NAME_PATTERN}
 * @param usage the arguments, for help text ({@code "TITLE... [--force]"}); may be empty
 * @param description one sentence for help text
 * @param handler runs the command
 */
public record CommandSpec(String name, String usage, String description, Handler handler) {

  /** Lowercase words joined by hyphens: {@code record}, {@code rebuild-index}. */
  public static final Pattern NAME_PATTERN = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");

  public CommandSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(usage, "usage");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(handler, "handler");
    if (!NAME_PATTERN.matcher(name).matches()) {
      throw new IllegalArgumentException("command name '" + name + "' must match " + NAME_PATTERN);
    }
  }

  /** The body of a command. */
  @FunctionalInterface
  public interface Handler {
    /**
     * Runs with the arguments after the command name. Results go to {@code out}, diagnostics to
     * {@code err}; an exception is reported by the host as a failure without a stack trace.
     *
     * @return the exit status: 0 success, 1 failed, 2 usage error
     */
    int run(List<String> args, PrintStream out, PrintStream err);
  }
}
