package org.corpusmcp.archwiki.record;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import org.corpusmcp.api.PluginJson;
import org.corpusmcp.archwiki.ArchWiki;
import org.corpusmcp.archwiki.json.JsonTree;
import org.corpusmcp.archwiki.wiki.MediaWikiClient;
import org.corpusmcp.archwiki.wiki.WikiTransport;
import org.jspecify.annotations.Nullable;

/**
 * Records what offline replay needs to answer every tool about some pages as the wiki answers now:
 * for each title, the tools themselves are run against the live wiki through a {@link
 * RecordingTransport}, so exactly the requests they make are recorded (the page's parse, its
 * template aliases and their redirect revisions, siteinfo, the title searched for), plus the
 * wikitext of every alias revision so that {@code verify} can check alias citations offline.
 *
 * <p>All or nothing: every request must succeed before a file is written, and without {@code force}
 * no existing file is overwritten (the whole recording is refused, naming them).
 */
public final class FixtureRecorder {

  /** What a recording wrote. */
  public record Outcome(List<Path> written) {}

  /** The search limit recorded: the tool's default, so a replayed default search is the same. */
  static final int SEARCH_LIMIT = 10;

  private final Function<WikiTransport, MediaWikiClient> clients;
  private final WikiTransport wiki;
  private final PluginJson json;

  /**
   * @param json writes the recorded answers
   * @param wiki the live wiki's transport
   * @param clients builds a client over a transport, configured as the tools' client is (the same
   *     wiki, redirect setting and URLs)
   */
  public FixtureRecorder(
      PluginJson json, WikiTransport wiki, Function<WikiTransport, MediaWikiClient> clients) {
    this.json = json;
    this.wiki = wiki;
    this.clients = clients;
  }

  /**
   * Records {@code titles} into {@code directory} (created if missing).
   *
   * @throws org.corpusmcp.archwiki.wiki.WikiException when the wiki refuses or fails a request
   *     (nothing is written)
   * @throws IllegalStateException when files exist and {@code force} is false (nothing is written)
   */
  public Outcome record(List<String> titles, Path directory, boolean force) {
    RecordingTransport recording = new RecordingTransport(json, wiki);
    MediaWikiClient client = clients.apply(recording);
    ArchWiki tools = new ArchWiki(client);
    for (String title : titles) {
      tools.page(title);
      Map<String, @Nullable Object> warnings = tools.warnings(title, null);
      tools.links(title, null);
      tools.search(title, SEARCH_LIMIT);
      TreeSet<Long> aliasRevisions = new TreeSet<>();
      for (Object w : (List<?>) warnings.getOrDefault("warnings", List.of())) {
        Map<String, @Nullable Object> warning = JsonTree.object(w);
        Long revid = warning == null ? null : JsonTree.integer(warning.get("alias_revid"));
        if (revid != null) {
          aliasRevisions.add(revid);
        }
      }
      aliasRevisions.forEach(client::revisionWikitext);
    }
    Map<String, String> files = recording.recorded();
    List<Path> existing = new ArrayList<>();
    for (String name : files.keySet()) {
      if (Files.exists(directory.resolve(name))) {
        existing.add(directory.resolve(name));
      }
    }
    if (!existing.isEmpty() && !force) {
      throw new IllegalStateException(
          "refusing to overwrite "
              + existing.size()
              + " recorded file(s) without --force: "
              + existing);
    }
    List<Path> written = new ArrayList<>();
    try {
      Files.createDirectories(directory);
      for (Map.Entry<String, String> file : files.entrySet()) {
        Path target = directory.resolve(file.getKey());
        Path temp = directory.resolve(file.getKey() + ".tmp");
        Files.writeString(temp, file.getValue() + "\n", StandardCharsets.UTF_8);
        Files.move(
            temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        written.add(target);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write fixtures into " + directory, e);
    }
    return new Outcome(written);
  }
}
