package org.corpusmcp.corpus;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The corpus service's settings, from the operator's environment variables ({@link
 * #fromEnvironment}) or, in code, from {@link #builder} with the same defaults.
 *
 * @param root {@code CORPUS_ROOT}: library paths are relative to it and must stay inside it
 * @param config {@code CORPUS_CONFIG}: the corpus.toml manifest
 * @param searchLimit {@code SEARCH_LIMIT}: results when search() gets no limit (default 5)
 * @param searchMaxLimit {@code SEARCH_MAX_LIMIT}: the hard maximum for limit (default 10)
 * @param maxFetchChars {@code MAX_FETCH_CHARS}: fetch output budget in characters of the reply as
 *     the client receives it (default 100000)
 * @param maxFetchTokens {@code MAX_FETCH_TOKENS}: the same budget in estimated tokens (default
 *     24000, under the 25,000-token cap Claude Code puts on a tool result; 0 for none)
 * @param searchWorkers {@code SEARCH_WORKERS}: concurrent archive searches (default 8)
 * @param maxConsecutive {@code SEARCH_MAX_CONSECUTIVE}: diversity, results in a row from one
 *     library (default 2)
 * @param logQueries {@code LOG_QUERIES}: log query text (default true; false for privacy)
 * @param zimCheck {@code ZIM_CHECK}: full MD5 checksum of every archive at startup (default false)
 * @param maxDocumentBytes {@code MAX_DOCUMENT_BYTES}: larger archive entries are refused with
 *     {@code document_too_large} before they are decompressed (default 16 MiB; MediaWiki caps an
 *     article at 2 MiB of wikitext, and the largest rendered pages of the big wikis are a few MB)
 * @param maxClusterBytes {@code MAX_CLUSTER_BYTES}: the largest buffer one cluster read decodes
 *     into (default 32 MiB, twice {@code MAX_DOCUMENT_BYTES}: writers cut clusters at 1-2 MiB, so
 *     those decode whole; a larger zstd cluster, made by one large item, is streamed with bounded
 *     memory, and only an item over the limit is refused)
 * @param documentCacheBytes {@code DOCUMENT_CACHE_BYTES}: the estimated memory parsed documents
 *     kept for later searches and fetches may take (default 16 MiB; 0 keeps none)
 * @param searchTextCacheBytes {@code SEARCH_TEXT_CACHE_BYTES}: the estimated memory of the
 *     documents' lexical views (sentences and word sets, no Markdown) kept so a document a later
 *     search finds again is not parsed again (default 8 MiB, a thousand articles or more; 0 keeps
 *     none)
 * @param clusterCacheBytes {@code CLUSTER_CACHE_BYTES}: the decompressed clusters each library
 *     keeps (default 4 MiB; 0 keeps none); a further library also keeps its index's fixed block
 *     caches and directory caches beside this
 * @param bodyIndexDir {@code CORPUS_INDEX_DIR}: where {@code corpus index} writes, and search
 *     reads, the sidecar full-text indexes of archives that have none of their own, one directory
 *     per archive UUID (default {@code $XDG_CACHE_HOME/corpus-mcp/body-index}, else {@code
 *     ~/.cache/corpus-mcp/body-index}; from the builder, {@code .corpus-mcp-index} under the corpus
 *     root)
 */
public record CorpusSettings(
    Path root,
    Path config,
    int searchLimit,
    int searchMaxLimit,
    int maxFetchChars,
    int maxFetchTokens,
    int searchWorkers,
    int maxConsecutive,
    boolean logQueries,
    boolean zimCheck,
    long maxDocumentBytes,
    long maxClusterBytes,
    long documentCacheBytes,
    long searchTextCacheBytes,
    long clusterCacheBytes,
    Path bodyIndexDir) {

  /** Default of {@code MAX_DOCUMENT_BYTES}. */
  public static final long DEFAULT_MAX_DOCUMENT_BYTES = 16L << 20;

  /** Default of {@code MAX_CLUSTER_BYTES}. */
  public static final long DEFAULT_MAX_CLUSTER_BYTES = 32L << 20;

  /**
   * A margin under the 25,000-token tool-result cap of Claude Code, the strictest common client.
   */
  public static final int DEFAULT_MAX_FETCH_TOKENS = 24_000;

  /** Default of {@code SEARCH_LIMIT}. */
  public static final int DEFAULT_SEARCH_LIMIT = 5;

  /** Default of {@code SEARCH_MAX_LIMIT}. */
  public static final int DEFAULT_SEARCH_MAX_LIMIT = 10;

  /** Default of {@code MAX_FETCH_CHARS}. */
  public static final int DEFAULT_MAX_FETCH_CHARS = 100_000;

  /** Default of {@code SEARCH_WORKERS}. */
  public static final int DEFAULT_SEARCH_WORKERS = 8;

  /** Default of {@code SEARCH_MAX_CONSECUTIVE}. */
  public static final int DEFAULT_MAX_CONSECUTIVE = 2;

  // The three cache defaults are sized for unseen queries, where every cache turns over: kept
  // entries that are let go fill the old generation, and larger caches (64, 32 and 64 MiB) made
  // the server larger and its search slower at the tail, not faster (measured side by side with
  // kiwix-serve on an 80,000-article archive). Decoded clusters churn fastest (a search decodes
  // about one per result): at 16 MiB they were promoted and let go again, and search p99 at one
  // client was twice what it is with 4 MiB and the launcher's larger young generation. The two
  // document caches were halved again (32 and 16 MiB before) for the same reason on a 1.3M-entry
  // archive: the collector keeps the heap at about 3.5 times what is live, so their 24 MiB cost
  // some 65 MiB of RSS after load (412 -> 347 MiB), while a search's ten results and the fetch of
  // one of them still fit many times over (docs/benchmarks/scale.md, "Memory at 1.3M").

  /**
   * Default of {@code DOCUMENT_CACHE_BYTES}: about 60 long articles, or thousands of short ones;
   * enough that fetching a document a search just found does not parse it again.
   */
  public static final long DEFAULT_DOCUMENT_CACHE_BYTES = 16L << 20;

  /** Default of {@code SEARCH_TEXT_CACHE_BYTES}. */
  public static final long DEFAULT_SEARCH_TEXT_CACHE_BYTES = 8L << 20;

  /**
   * Default of {@code CLUSTER_CACHE_BYTES}: one or two of the usual 1-2 MiB clusters, enough for a
   * reader going through one cluster's entries. Parsed documents are cached above this, so a
   * cluster is mostly read again only for another article of the same cluster.
   */
  public static final long DEFAULT_CLUSTER_CACHE_BYTES = 4L << 20;

  /** Settings with every default, for the corpus.toml {@code config} under {@code root}. */
  public static Builder builder(Path root, Path config) {
    return new Builder(root, config);
  }

  /** Named settings over the defaults; {@link #build} checks them as the constructor does. */
  public static final class Builder {
    private final Path root;
    private final Path config;
    private int searchLimit = DEFAULT_SEARCH_LIMIT;
    private int searchMaxLimit = DEFAULT_SEARCH_MAX_LIMIT;
    private int maxFetchChars = DEFAULT_MAX_FETCH_CHARS;
    private int maxFetchTokens = DEFAULT_MAX_FETCH_TOKENS;
    private int searchWorkers = DEFAULT_SEARCH_WORKERS;
    private int maxConsecutive = DEFAULT_MAX_CONSECUTIVE;
    private boolean logQueries = true;
    private boolean zimCheck;
    private long maxDocumentBytes = DEFAULT_MAX_DOCUMENT_BYTES;
    private long maxClusterBytes = DEFAULT_MAX_CLUSTER_BYTES;
    private long documentCacheBytes = DEFAULT_DOCUMENT_CACHE_BYTES;
    private long searchTextCacheBytes = DEFAULT_SEARCH_TEXT_CACHE_BYTES;
    private long clusterCacheBytes = DEFAULT_CLUSTER_CACHE_BYTES;
    private @Nullable Path bodyIndexDir;

    private Builder(Path root, Path config) {
      this.root = root;
      this.config = config;
    }

    public Builder searchLimit(int value) {
      searchLimit = value;
      return this;
    }

    public Builder searchMaxLimit(int value) {
      searchMaxLimit = value;
      return this;
    }

    public Builder maxFetchChars(int value) {
      maxFetchChars = value;
      return this;
    }

    /** 0 for no token bound. */
    public Builder maxFetchTokens(int value) {
      maxFetchTokens = value;
      return this;
    }

    public Builder searchWorkers(int value) {
      searchWorkers = value;
      return this;
    }

    public Builder maxConsecutive(int value) {
      maxConsecutive = value;
      return this;
    }

    public Builder logQueries(boolean value) {
      logQueries = value;
      return this;
    }

    public Builder zimCheck(boolean value) {
      zimCheck = value;
      return this;
    }

    public Builder maxDocumentBytes(long value) {
      maxDocumentBytes = value;
      return this;
    }

    public Builder maxClusterBytes(long value) {
      maxClusterBytes = value;
      return this;
    }

    public Builder documentCacheBytes(long value) {
      documentCacheBytes = value;
      return this;
    }

    public Builder searchTextCacheBytes(long value) {
      searchTextCacheBytes = value;
      return this;
    }

    public Builder clusterCacheBytes(long value) {
      clusterCacheBytes = value;
      return this;
    }

    public Builder bodyIndexDir(Path value) {
      this.bodyIndexDir = value;
      return this;
    }

    /**
     * Builds the settings, checking every value.
     *
     * @throws IllegalArgumentException a value out of range, named by its variable
     */
    public CorpusSettings build() {
      return new CorpusSettings(
          root,
          config,
          searchLimit,
          searchMaxLimit,
          maxFetchChars,
          maxFetchTokens,
          searchWorkers,
          maxConsecutive,
          logQueries,
          zimCheck,
          maxDocumentBytes,
          maxClusterBytes,
          documentCacheBytes,
          searchTextCacheBytes,
          clusterCacheBytes,
          bodyIndexDir != null ? bodyIndexDir : root.resolve(".corpus-mcp-index"));
    }
  }

  public CorpusSettings {
    positive("SEARCH_MAX_LIMIT", searchMaxLimit);
    positive("SEARCH_LIMIT", searchLimit);
    if (searchLimit > searchMaxLimit) {
      throw new IllegalArgumentException(
          "SEARCH_LIMIT ("
              + searchLimit
              + ") must not exceed SEARCH_MAX_LIMIT ("
              + searchMaxLimit
              + ")");
    }
    if (maxFetchChars < 1000) {
      throw new IllegalArgumentException(
          "MAX_FETCH_CHARS must be at least 1000, got " + maxFetchChars);
    }
    if (maxFetchTokens != 0 && maxFetchTokens < 250) {
      throw new IllegalArgumentException(
          "MAX_FETCH_TOKENS must be 0 (no token bound) or at least 250, got " + maxFetchTokens);
    }
    positive("SEARCH_WORKERS", searchWorkers);
    positive("SEARCH_MAX_CONSECUTIVE", maxConsecutive);
    if (maxDocumentBytes < 1024) {
      throw new IllegalArgumentException(
          "MAX_DOCUMENT_BYTES must be at least 1024, got " + maxDocumentBytes);
    }
    if (maxClusterBytes < 1024 || maxClusterBytes > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException(
          "MAX_CLUSTER_BYTES must be between 1024 and "
              + (Integer.MAX_VALUE - 16)
              + ", got "
              + maxClusterBytes);
    }
    if (documentCacheBytes < 0) {
      throw new IllegalArgumentException(
          "DOCUMENT_CACHE_BYTES must be 0 (no cache) or more, got " + documentCacheBytes);
    }
    if (searchTextCacheBytes < 0) {
      throw new IllegalArgumentException(
          "SEARCH_TEXT_CACHE_BYTES must be 0 (no cache) or more, got " + searchTextCacheBytes);
    }
    if (clusterCacheBytes < 0) {
      throw new IllegalArgumentException(
          "CLUSTER_CACHE_BYTES must be 0 (no cache) or more, got " + clusterCacheBytes);
    }
  }

  /**
   * Settings from {@code env}, or {@code null} when no corpus is configured: neither {@code
   * CORPUS_CONFIG} nor a bundled {@code corpus/corpus.toml} in the distribution exists. An explicit
   * {@code CORPUS_CONFIG} that names a missing file is an error, not "no corpus".
   *
   * @param home the distribution's installation directory, where a bundled corpus lives, or null
   */
  public static @Nullable CorpusSettings fromEnvironment(
      Map<String, String> env, @Nullable Path configFlag, @Nullable Path home) {
    Path config = configFlag;
    if (config == null && nonBlank(env.get("CORPUS_CONFIG"))) {
      config = Path.of(env.get("CORPUS_CONFIG"));
    }
    if (config == null) {
      Path bundled = home == null ? null : home.resolve("corpus").resolve("corpus.toml");
      if (bundled == null || !Files.isRegularFile(bundled)) {
        return null;
      }
      config = bundled;
    }
    Path root =
        nonBlank(env.get("CORPUS_ROOT"))
            ? Path.of(env.get("CORPUS_ROOT"))
            : config.toAbsolutePath().getParent();
    return builder(root, config)
        .searchLimit(integer(env, "SEARCH_LIMIT", DEFAULT_SEARCH_LIMIT))
        .searchMaxLimit(integer(env, "SEARCH_MAX_LIMIT", DEFAULT_SEARCH_MAX_LIMIT))
        .maxFetchChars(integer(env, "MAX_FETCH_CHARS", DEFAULT_MAX_FETCH_CHARS))
        .maxFetchTokens(integer(env, "MAX_FETCH_TOKENS", DEFAULT_MAX_FETCH_TOKENS))
        .searchWorkers(integer(env, "SEARCH_WORKERS", DEFAULT_SEARCH_WORKERS))
        .maxConsecutive(integer(env, "SEARCH_MAX_CONSECUTIVE", DEFAULT_MAX_CONSECUTIVE))
        .logQueries(!env.containsKey("LOG_QUERIES") || isTrue(env.get("LOG_QUERIES")))
        .zimCheck(isTrue(env.get("ZIM_CHECK")))
        .maxDocumentBytes(longInteger(env, "MAX_DOCUMENT_BYTES", DEFAULT_MAX_DOCUMENT_BYTES))
        .maxClusterBytes(longInteger(env, "MAX_CLUSTER_BYTES", DEFAULT_MAX_CLUSTER_BYTES))
        .documentCacheBytes(longInteger(env, "DOCUMENT_CACHE_BYTES", DEFAULT_DOCUMENT_CACHE_BYTES))
        .searchTextCacheBytes(
            longInteger(env, "SEARCH_TEXT_CACHE_BYTES", DEFAULT_SEARCH_TEXT_CACHE_BYTES))
        .clusterCacheBytes(longInteger(env, "CLUSTER_CACHE_BYTES", DEFAULT_CLUSTER_CACHE_BYTES))
        .bodyIndexDir(bodyIndexDir(env, root))
        .build();
  }

  /** CORPUS_INDEX_DIR, else the XDG cache directory, else beside the corpus under its root. */
  static Path bodyIndexDir(Map<String, String> env, Path root) {
    if (nonBlank(env.get("CORPUS_INDEX_DIR"))) {
      return Path.of(env.get("CORPUS_INDEX_DIR"));
    }
    if (nonBlank(env.get("XDG_CACHE_HOME"))) {
      return Path.of(env.get("XDG_CACHE_HOME"), "corpus-mcp", "body-index");
    }
    if (nonBlank(env.get("HOME"))) {
      return Path.of(env.get("HOME"), ".cache", "corpus-mcp", "body-index");
    }
    return root.resolve(".corpus-mcp-index");
  }

  /** Reads a boolean environment flag the way operators write them: 1/true/yes/on. */
  private static boolean isTrue(@Nullable String value) {
    if (value == null) {
      return false;
    }
    return switch (value.trim().toLowerCase(Locale.ROOT)) {
      case "1", "true", "yes", "on" -> true;
      default -> false;
    };
  }

  private static boolean nonBlank(@Nullable String s) {
    return s != null && !s.isBlank();
  }

  private static int integer(Map<String, String> env, String name, int fallback) {
    String value = env.get(name);
    if (value == null || value.isBlank()) {
      return fallback;
    }
    try {
      return Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " must be an integer, got '" + value + "'");
    }
  }

  private static long longInteger(Map<String, String> env, String name, long fallback) {
    String value = env.get(name);
    if (value == null || value.isBlank()) {
      return fallback;
    }
    try {
      return Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " must be an integer (bytes), got '" + value + "'");
    }
  }

  private static void positive(String name, int value) {
    if (value < 1) {
      throw new IllegalArgumentException(name + " must be at least 1, got " + value);
    }
  }
}
