package org.corpusmcp.archwiki.wiki;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.corpusmcp.api.PluginJson;
import org.corpusmcp.api.PluginJsonException;
import org.corpusmcp.archwiki.json.JsonTree;
import org.jspecify.annotations.Nullable;

/**
 * Offline mode: every request is answered from {@code <dir>/<action>_<key>.json}; no network at
 * all. Parameters other than the key ({@code srlimit}, {@code titles}…) are ignored, so the
 * recorded searches hold 5 hits whatever limit is asked. An unrecorded request throws {@link
 * FixtureMissingException}.
 *
 * <p>A request by revision ({@code oldid}, from {@code verify}) is answered by {@code
 * parse_oldid_<revid>.json} when present, else by whichever recorded {@code parse_*.json} holds
 * that revid, so a citation made offline can be checked offline.
 */
public final class ReplayTransport implements WikiTransport {

  private final Path directory;
  private final PluginJson json;
  private final Map<String, Object> cache = new ConcurrentHashMap<>();
  private volatile @Nullable Map<Long, Path> byRevid;

  public ReplayTransport(Path directory, PluginJson json) {
    this.directory = directory;
    this.json = json;
  }

  public Path directory() {
    return directory;
  }

  @Override
  public Object get(ApiRequest request) {
    Path file = directory.resolve(request.fixtureFileName());
    String oldid = request.params().get("oldid");
    if (oldid != null && !Files.exists(file)) {
      Path recorded = revisionIndex().get(parseLong(oldid));
      if (recorded != null) {
        file = recorded;
      }
    }
    Path chosen = file;
    return cache.computeIfAbsent(chosen.toString(), k -> read(chosen));
  }

  private static long parseLong(String s) {
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private Object read(Path file) {
    if (!Files.isRegularFile(file)) {
      throw new FixtureMissingException("Offline mode enabled but fixture missing: " + file);
    }
    try {
      Object doc = json.parse(Files.readString(file, StandardCharsets.UTF_8));
      if (doc == null) {
        throw new FixtureMissingException("Offline fixture holds JSON null: " + file);
      }
      return doc;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read fixture " + file, e);
    } catch (PluginJsonException e) {
      throw new WikiException(
          ErrorCode.UPSTREAM_API_ERROR,
          "Arch Wiki did not answer: recorded response "
              + file
              + " is not JSON: "
              + e.getMessage());
    }
  }

  private Map<Long, Path> revisionIndex() {
    Map<Long, Path> index = byRevid;
    if (index != null) {
      return index;
    }
    Map<Long, Path> built = new ConcurrentHashMap<>();
    if (Files.isDirectory(directory)) {
      try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "parse_*.json")) {
        for (Path f : files) {
          try {
            Map<String, @Nullable Object> root =
                JsonTree.object(json.parse(Files.readString(f, StandardCharsets.UTF_8)));
            Map<String, @Nullable Object> parse =
                root == null ? null : JsonTree.object(root.get("parse"));
            Long revid = parse == null ? null : JsonTree.integer(parse.get("revid"));
            if (revid != null) {
              built.putIfAbsent(revid, f);
            }
          } catch (PluginJsonException | IOException skip) {
            // Not a parse response we can index; a request for it fails loudly later.
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot list " + directory, e);
      }
    }
    byRevid = built;
    return built;
  }
}
