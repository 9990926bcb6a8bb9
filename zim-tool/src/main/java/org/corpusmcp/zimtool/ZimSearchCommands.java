package org.corpusmcp.zimtool;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Zim;
import org.corpusmcp.zim.ZimFormatException;
import org.corpusmcp.zim.search.SearchException;
import org.corpusmcp.zim.search.SearchHit;
import org.corpusmcp.zim.search.SearchResults;
import org.corpusmcp.zim.search.Searcher;
import org.corpusmcp.zim.search.Semantics;
import org.corpusmcp.zim.search.Suggestion;
import org.corpusmcp.zim.search.SuggestionSearcher;
import org.corpusmcp.zim.search.Suggestions;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code corpus-mcp zim search|suggest ARCHIVE QUERY [--start N] [--count N]}: libzim-compatible
 * full-text search and title suggestions with the project's own reader. The JSON mirrors {@code
 * shared/tools/zim_oracle.py search|suggest --semantics 9} ({@code replay_libzim9}): {@code
 * estimated}, then per result {@code docid path title weight percent wordcount snippet} (search) or
 * {@code path title snippet} (suggest). Errors go to stderr as JSON with exit status 1.
 */
public final class ZimSearchCommands {
  private ZimSearchCommands() {}

  static final int EXIT_FAILED = 1;
  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** Options shared by both commands. */
  abstract static class Base implements Callable<Integer> {
    @Spec CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "ARCHIVE", description = "The .zim file.")
    Path archive;

    @Parameters(
        index = "1",
        paramLabel = "QUERY",
        description = "The query, as a user would type it.")
    String query;

    @Option(names = "--start", paramLabel = "N", description = "First result (default 0).")
    int start;

    @Option(names = "--count", paramLabel = "N", description = "Number of results (default 25).")
    int count = 25;

    @Option(
        names = "--semantics",
        paramLabel = "9|8.1",
        description = "libzim behaviour: 9 (current libzim, default) or 8.1 (libzim 8.1.1).")
    String semantics = "9";

    abstract ObjectNode run(Archive a, Semantics sem);

    @Override
    public Integer call() {
      PrintWriter out = spec.commandLine().getOut();
      Semantics sem;
      if (semantics.equals("9")) {
        sem = Semantics.LIBZIM_9;
      } else if (semantics.equals("8.1")) {
        sem = Semantics.LIBZIM_8_1;
      } else {
        return error("usage", "--semantics must be 9 or 8.1, was " + semantics);
      }
      if (start < 0 || count < 0) {
        return error("usage", "--start and --count must be >= 0");
      }
      try (Archive a = Zim.open(archive)) {
        ObjectNode o = run(a, sem);
        out.println(JSON.writerWithDefaultPrettyPrinter().writeValueAsString(o));
        out.flush();
        return 0;
      } catch (SearchException e) {
        return error(
            "search-" + e.reason().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'),
            e.getMessage());
      } catch (ZimFormatException e) {
        return error("zim-format", e.getMessage());
      } catch (java.io.UncheckedIOException e) {
        return error("io", e.getMessage());
      }
    }

    ObjectNode head(Semantics sem) {
      ObjectNode o = JSON.createObjectNode();
      o.put("file", archive.toString());
      o.put("query", query);
      o.put("start", start);
      o.put("count", count);
      o.put("semantics", sem == Semantics.LIBZIM_9 ? "9" : "8.1");
      return o;
    }

    int error(String kind, String message) {
      ObjectNode err = JSON.createObjectNode();
      err.put("error", kind);
      err.put("message", message);
      spec.commandLine().getErr().println(JSON.writeValueAsString(err));
      return EXIT_FAILED;
    }
  }

  /** Full-text search. */
  @Command(
      name = "search",
      mixinStandardHelpOptions = true,
      description = {
        "Search the full-text index as libzim does, printing JSON.",
        "Results come with libzim's ranking, match estimate and snippets."
      })
  public static final class Search extends Base {
    @Option(
        names = "--no-snippets",
        description = "Leave snippets out (faster: no content is read).")
    boolean noSnippets;

    @Override
    ObjectNode run(Archive a, Semantics sem) {
      Searcher s = Searcher.open(a, sem);
      SearchResults r = s.search(query, start, count, !noSnippets);
      ObjectNode o = head(sem);
      o.put("query_string", r.query());
      o.put("estimated", r.estimatedMatches());
      ArrayNode results = o.putArray("results");
      for (SearchHit h : r.hits()) {
        ObjectNode x = results.addObject();
        x.put("docid", h.docid());
        x.put("path", h.path());
        x.put("title", h.title());
        x.put("weight", h.weight());
        x.put("percent", h.percent());
        x.put("wordcount", h.wordCount());
        if (!noSnippets) {
          x.put("snippet", h.snippet());
        }
      }
      return o;
    }
  }

  /** Title suggestions. */
  @Command(
      name = "suggest",
      mixinStandardHelpOptions = true,
      description = {
        "Print title suggestions as libzim makes them, as JSON.",
        "From the title index, else by prefix in the title listing."
      })
  public static final class Suggest extends Base {
    @Override
    ObjectNode run(Archive a, Semantics sem) {
      SuggestionSearcher s = SuggestionSearcher.open(a, sem);
      Suggestions r = s.suggest(query, start, count);
      ObjectNode o = head(sem);
      o.put("mode", r.fromTitleIndex() ? "title index" : "title listing (no usable title index)");
      o.put("estimated", r.estimatedMatches());
      ArrayNode results = o.putArray("results");
      for (Suggestion h : r.suggestions()) {
        ObjectNode x = results.addObject();
        x.put("path", h.path());
        x.put("title", h.title());
        if (r.fromTitleIndex()) {
          x.put("weight", h.weight());
          x.put("snippet", h.snippet());
        }
      }
      return o;
    }
  }
}
