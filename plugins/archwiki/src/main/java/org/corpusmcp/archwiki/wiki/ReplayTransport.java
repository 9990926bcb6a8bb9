package org.corpusmcp.archwiki.wiki;

import java.io.IOException;
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
 * recorded searches hold 5 hits whatever limit is asked. A request it cannot answer throws {@link
 * FixtureMissingException}: {@link ErrorCode#CONFIGURATION_ERROR} when the folder itself is
 * missing, not a folder or unreadable, {@link ErrorCode#NOT_RECORDED} when the folder is fine but
 * holds nothing for the request. The folder is checked on each miss, not once at startup, so a
 * folder created or mounted after the server started is used without a restart.
 *
 * <p>Every message is written for the operator who set {@code ARCHWIKI_OFFLINE}: it names the
 * setting and the folder as they typed it (never a resolved absolute path) and says what to do.
 *
 * <p>A request by revision ({@code oldid}, from {@code verify}) is answered by {@code
 * parse_oldid_<revid>.json} when present, else by whichever recorded {@code parse_*.json} holds
 * that revid, so a citation made offline can be checked offline.
 */
public final class ReplayTransport implements WikiTransport {

  /** What offline mode is, the opening of every message. */
  private static final String OFFLINE =
      "Offline mode is on (ARCHWIKI_OFFLINE), so the Arch wiki tools answer only from a folder of"
          + " recorded wiki responses";

  /** The way out of an unusable folder: name a usable one, or go back to the network. */
  private static final String FIX_FOLDER =
      " Set ARCHWIKI_FIXTURES to a folder of recorded responses (`corpus-mcp archwiki record"
          + " TITLE...` records one; it needs network access and ARCHWIKI_OFFLINE unset), or unset"
          + " ARCHWIKI_OFFLINE to ask the wiki over the network.";

  /** The way out of a request nobody recorded: record it, or go back to the network. */
  private static final String RECORD_IT =
      " Record the pages you need with `corpus-mcp archwiki record TITLE...` (it needs network"
          + " access and ARCHWIKI_OFFLINE unset), or unset ARCHWIKI_OFFLINE to ask the wiki over"
          + " the network.";

  private final Path directory;
  private final boolean defaulted;
  private final PluginJson json;
  private final Map<String, Object> cache = new ConcurrentHashMap<>();
  private volatile @Nullable Map<Long, Path> byRevid;

  /** Replays from {@code directory}, which the operator named with {@code ARCHWIKI_FIXTURES}. */
  public ReplayTransport(Path directory, PluginJson json) {
    this(directory, false, json);
  }

  /**
   * @param defaulted {@code ARCHWIKI_FIXTURES} was not set and {@code directory} is its default, so
   *     messages say so rather than quote a setting the operator never typed
   */
  public ReplayTransport(Path directory, boolean defaulted, PluginJson json) {
    this.directory = directory;
    this.defaulted = defaulted;
    this.json = json;
  }

  public Path directory() {
    return directory;
  }

  /**
   * Why the folder cannot serve any request (it does not exist, is a file, or cannot be read), as
   * the whole message a client gets; {@code null} when it is a readable folder.
   */
  public @Nullable String folderProblem() {
    String problem;
    if (Files.isDirectory(directory)) {
      if (Files.isReadable(directory) && Files.isExecutable(directory)) {
        return null;
      }
      problem = "the folder " + named() + " cannot be read (permission denied)";
    } else if (Files.exists(directory)) {
      problem = named() + " is a file, not a folder";
    } else {
      problem = "the folder " + named() + " does not exist";
    }
    return OFFLINE + ", but " + problem + relativeNote() + "." + FIX_FOLDER;
  }

  /** The folder as the operator named it (or left it to the default). */
  private String named() {
    return defaulted
        ? directory + " (the default, as ARCHWIKI_FIXTURES is not set)"
        : "ARCHWIKI_FIXTURES=" + directory;
  }

  /** Where a relative folder is looked for: the one thing the operator may not know. */
  private String relativeNote() {
    return directory.isAbsolute()
        ? ""
        : " (a relative path is taken from the directory corpus-mcp was started in)";
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
    return cache.computeIfAbsent(chosen.toString(), k -> read(chosen, oldid));
  }

  private static long parseLong(String s) {
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /**
   * The configuration error for a recording or the folder that the system will not read: what is
   * wrong with the folder itself when something is, else what could not be read and why.
   */
  private FixtureMissingException unreadable(String what, IOException e, String failed) {
    String folder = folderProblem();
    return new FixtureMissingException(
        ErrorCode.CONFIGURATION_ERROR,
        folder != null
            ? folder
            : OFFLINE + what + named() + failed + IoWords.reason(e) + ")." + FIX_FOLDER);
  }

  private Object read(Path file, @Nullable String oldid) {
    if (!Files.isRegularFile(file)) {
      throw missing(file, oldid);
    }
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw unreadable(
          ", and the recorded answer " + file.getFileName() + " in the folder ",
          e,
          " cannot be read (");
    }
    Object doc;
    try {
      doc = json.parse(text);
    } catch (PluginJsonException e) {
      throw damaged(file, "is not JSON (" + e.getMessage() + ")");
    }
    if (doc == null) {
      throw damaged(file, "holds JSON null, not a wiki answer");
    }
    return doc;
  }

  /** Nothing to read: the folder is unusable (the operator's setting) or lacks this answer. */
  private FixtureMissingException missing(Path file, @Nullable String oldid) {
    String folder = folderProblem();
    if (folder != null) {
      return new FixtureMissingException(ErrorCode.CONFIGURATION_ERROR, folder);
    }
    return new FixtureMissingException(
        ErrorCode.NOT_RECORDED,
        OFFLINE
            + ", and it has no recorded answer for this request: the folder "
            + named()
            + " holds no "
            + file.getFileName()
            + (oldid == null ? "" : " and no recorded page at revision " + oldid)
            + "."
            + RECORD_IT);
  }

  /** A recorded file that is not a wiki answer: the recorded wiki's answer is unusable. */
  private WikiException damaged(Path file, String what) {
    return new WikiException(
        ErrorCode.UPSTREAM_API_ERROR,
        "The recorded wiki answer "
            + file.getFileName()
            + " in the folder "
            + named()
            + " "
            + what
            + "; record it again with `corpus-mcp archwiki record TITLE... --force`.");
  }

  private Map<Long, Path> revisionIndex() {
    Map<Long, Path> index = byRevid;
    if (index != null) {
      return index;
    }
    Map<Long, Path> built = new ConcurrentHashMap<>();
    if (!Files.isDirectory(directory)) {
      return built; // not remembered: the folder may appear later, and a miss says what is wrong
    }
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
      throw unreadable(", but the folder ", e, " cannot be listed (");
    }
    byRevid = built;
    return built;
  }
}
