package org.corpusmcp.archwiki;

import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.corpusmcp.api.CommandProvider;
import org.corpusmcp.api.CommandSpec;
import org.corpusmcp.api.PluginContext;
import org.corpusmcp.api.PluginJson;
import org.corpusmcp.archwiki.record.FixtureRecorder;
import org.corpusmcp.archwiki.wiki.IoWords;
import org.corpusmcp.archwiki.wiki.WikiException;
import org.pf4j.Extension;

/**
 * {@code corpus-mcp archwiki record TITLE... [--force]}: records replay fixtures from the
 * configured wiki into {@code ARCHWIKI_FIXTURES}, in the format offline mode reads. A command and
 * not a tool, because it writes files.
 */
@Extension
public final class ArchWikiCommandProvider implements CommandProvider {

  static final String USAGE = "TITLE... [--force]";

  @Override
  public List<CommandSpec> commands(PluginContext context) {
    return List.of(
        new CommandSpec(
            "record",
            USAGE,
            "Record replay fixtures for these pages from the configured wiki (ARCHWIKI_API_URL)"
                + " into ARCHWIKI_FIXTURES; --force overwrites recorded files.",
            (args, out, err) -> record(context.json(), context.settings(), args, out, err)));
  }

  static int record(
      PluginJson json,
      Map<String, String> settings,
      List<String> args,
      PrintStream out,
      PrintStream err) {
    boolean force = false;
    List<String> titles = new ArrayList<>();
    boolean positionalOnly = false;
    for (String arg : args) {
      if (!positionalOnly && arg.equals("--")) {
        positionalOnly = true;
      } else if (!positionalOnly && arg.equals("--force")) {
        force = true;
      } else if (!positionalOnly && arg.startsWith("-")) {
        err.println("archwiki record: unknown option " + arg + "; usage: archwiki record " + USAGE);
        return 2;
      } else if (!arg.isBlank()) {
        titles.add(arg.strip());
      }
    }
    if (titles.isEmpty()) {
      err.println("archwiki record: name at least one page title; usage: archwiki record " + USAGE);
      return 2;
    }
    String offline = settings.get("ARCHWIKI_OFFLINE");
    if (offline != null && !offline.isEmpty()) {
      err.println(
          "archwiki record: ARCHWIKI_OFFLINE is set; recording needs the wiki itself."
              + " Unset it (ARCHWIKI_FIXTURES still names where the files go).");
      return 2;
    }
    Path directory = ArchWikiToolProvider.fixturesDirectory(settings);
    FixtureRecorder recorder =
        new FixtureRecorder(
            json,
            ArchWikiToolProvider.liveTransport(json, settings),
            transport -> ArchWikiToolProvider.clientOver(json, transport, settings));
    try {
      FixtureRecorder.Outcome outcome = recorder.record(titles, directory, force);
      for (Path file : outcome.written()) {
        out.println(file);
      }
      err.println(
          "archwiki record: "
              + outcome.written().size()
              + " file(s) in "
              + directory
              + (settings.containsKey("ARCHWIKI_API_URL")
                  ? "; replay them with ARCHWIKI_OFFLINE=1 and the same ARCHWIKI_API_URL, so the"
                      + " citation URLs are read from the recorded siteinfo"
                  : ""));
      return 0;
    } catch (WikiException e) {
      err.println(
          "archwiki record: " + e.code().code() + ": " + e.getMessage() + " (nothing was written)");
      return 1;
    } catch (IllegalStateException e) {
      err.println("archwiki record: " + e.getMessage());
      return 1;
    } catch (UncheckedIOException e) {
      // The folder could not be written: say why in words, not with the exception's class name
      // (the host would print that, with a stack trace, for anything a command throws).
      err.println(
          "archwiki record: cannot write into "
              + directory
              + " (ARCHWIKI_FIXTURES): "
              + IoWords.reason(e.getCause()));
      return 1;
    }
  }
}
