package org.corpusmcp.corpus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.corpusmcp.zim.io.SplitParts;
import org.jspecify.annotations.Nullable;
import org.tomlj.Toml;
import org.tomlj.TomlArray;
import org.tomlj.TomlParseResult;
import org.tomlj.TomlTable;

/**
 * The parsed and validated corpus.toml:
 *
 * <pre>
 * version = 1
 *
 * [[library]]
 * name = "Wikipedia"                                   # unique; appears in refs and results
 * path = "wikipedia/wikipedia_en_all_nopic_2026-06.zim" # relative to CORPUS_ROOT, stays inside
 * adapter = "mediawiki"                                # a loaded adapter, or "auto"
 * </pre>
 *
 * Every rule that can be checked without opening an archive is checked here, with the library
 * named: version, unique names (also ignoring case, since refs are read by people), known adapter
 * names, and paths that stay inside the root once symlinks are resolved, every part of a split
 * archive included.
 */
public record CorpusConfig(Path file, Path root, List<LibraryConfig> libraries) {

  /** One {@code [[library]]} entry. {@code path} is absolute and real (symlinks resolved). */
  public record LibraryConfig(String name, Path path, String adapter) {}

  /** The adapter value that picks the adapter from archive metadata. */
  public static final String AUTO = "auto";

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

  public CorpusConfig {
    libraries = List.copyOf(libraries);
  }

  /** Reads and validates {@code settings.config()}; {@code adapters} are the loaded names. */
  public static CorpusConfig load(CorpusSettings settings, Set<String> adapters) {
    return load(settings, adapters, new ArrayList<>(), null);
  }

  /**
   * corpus.toml with every library checked on its own: the libraries that pass, and for each that
   * does not its message, by name ({@code library #N} when it has none). A fault of the file as a
   * whole (syntax, version, no library, a missing root) still throws.
   */
  public record Checked(CorpusConfig config, List<String> names, Map<String, String> problems) {
    public Checked {
      names = List.copyOf(names);
      problems = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(problems));
    }
  }

  /** Like {@link #load}, but a library's own fault is reported instead of thrown. */
  public static Checked loadEach(CorpusSettings settings, Set<String> adapters) {
    Map<String, String> problems = new LinkedHashMap<>();
    List<String> names = new ArrayList<>();
    CorpusConfig config = load(settings, adapters, names, problems);
    return new Checked(config, names, problems);
  }

  /**
   * @param names receives every library's name ({@code library #N} without one) in file order
   * @param problems receives each library's fault by name, or null to throw the first
   */
  private static CorpusConfig load(
      CorpusSettings settings,
      Set<String> adapters,
      List<String> names,
      @Nullable Map<String, String> problems) {
    Path file = settings.config().toAbsolutePath().normalize();
    TomlParseResult toml;
    try {
      toml = Toml.parse(file);
    } catch (NoSuchFileException e) {
      throw new CorpusConfigException("corpus config " + file + " does not exist (CORPUS_CONFIG)");
    } catch (IOException e) {
      throw new CorpusConfigException(
          "cannot read corpus config " + file + ": " + e.getMessage(), e);
    }
    if (toml.hasErrors()) {
      throw new CorpusConfigException(file + ": " + toml.errors().get(0).toString());
    }
    Object version = toml.get("version");
    if (!(version instanceof Long v) || v != 1L) {
      throw new CorpusConfigException(
          file
              + ": 'version = 1' is required (found "
              + (version == null ? "none" : version)
              + ")");
    }
    Path root;
    try {
      root = settings.root().toRealPath();
    } catch (IOException e) {
      throw new CorpusConfigException(
          "corpus root " + settings.root() + " does not exist (CORPUS_ROOT)");
    }
    TomlArray entries = toml.getArray("library");
    if (entries == null || entries.isEmpty()) {
      throw new CorpusConfigException(file + ": no [[library]] entries; add at least one");
    }
    List<LibraryConfig> out = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < entries.size(); i++) {
      Object entry = entries.get(i);
      names.add(label(entry, i + 1));
      try {
        if (!(entry instanceof TomlTable table)) {
          throw new CorpusConfigException(file + ": library #" + (i + 1) + " is not a table");
        }
        out.add(library(file, root, settings.root(), table, i + 1, adapters, seen));
      } catch (CorpusConfigException e) {
        if (problems == null) {
          throw e;
        }
        problems.put(label(entry, i + 1), e.getMessage());
      }
    }
    return new CorpusConfig(file, root, out);
  }

  /**
   * @param root the corpus root, real (symlinks resolved): what paths are checked against
   * @param configuredRoot the root as the operator configured it: what messages name, so that they
   *     tell nothing about the filesystem the configuration did not
   */
  private static LibraryConfig library(
      Path file,
      Path root,
      Path configuredRoot,
      TomlTable table,
      int index,
      Set<String> adapters,
      Set<String> seen) {
    for (String key : table.keySet()) {
      if (!Set.of("name", "path", "adapter").contains(key)) {
        throw new CorpusConfigException(
            file
                + ": library #"
                + index
                + " has unknown key '"
                + key
                + "' (allowed: name, path, adapter)");
      }
    }
    String name = string(file, table, "name", "library #" + index);
    String where = "library '" + name + "'";
    if (!NAME.matcher(name).matches()) {
      throw new CorpusConfigException(
          file
              + ": "
              + where
              + ": names use letters, digits, '.', '_'"
              + " and '-' (they appear in refs), at most 64 characters");
    }
    if (!seen.add(name.toLowerCase(Locale.ROOT))) {
      throw new CorpusConfigException(
          file + ": " + where + " is defined twice (names are compared" + " ignoring case)");
    }
    String adapter = string(file, table, "adapter", where);
    if (!adapter.equals(AUTO) && !adapters.contains(adapter)) {
      throw new CorpusConfigException(
          file
              + ": "
              + where
              + ": unknown adapter '"
              + adapter
              + "'; loaded adapters: "
              + new java.util.TreeSet<>(adapters)
              + " (or \"auto\")");
    }
    String relative = string(file, table, "path", where);
    String rootSetting =
        "CORPUS_ROOT (by default the directory of corpus.toml), here '" + configuredRoot + "'";
    Path given;
    try {
      given = Path.of(relative);
    } catch (InvalidPathException e) {
      throw new CorpusConfigException(
          file
              + ": "
              + where
              + ": path '"
              + relative.replace("\0", "\\0")
              + "' is not a path this system accepts ("
              + (relative.indexOf('\0') >= 0 ? "it holds a NUL character" : e.getReason())
              + ")");
    }
    if (given.isAbsolute()
        && !given.normalize().startsWith(root)
        && !given.normalize().startsWith(configuredRoot.toAbsolutePath().normalize())) {
      throw new CorpusConfigException(
          file
              + ": "
              + where
              + ": path '"
              + relative
              + "' is absolute and outside the corpus root. Library paths are relative to "
              + rootSetting
              + ". Move the archive under that directory and give its path from there, or set"
              + " CORPUS_ROOT to a directory that holds the archive.");
    }
    Path candidate = root.resolve(relative).normalize();
    // Inside the root as written before anything is looked up: whether a path outside exists is
    // no business of this message (and "../../etc/passwd" must not read as "does not exist").
    if (!candidate.startsWith(root)) {
      throw leavesRoot(file, where, relative, rootSetting);
    }
    Path real;
    try {
      real = candidate.toRealPath();
    } catch (IOException e) {
      throw new CorpusConfigException(
          file
              + ": "
              + where
              + ": archive "
              + configuredRoot.resolve(relative).normalize()
              + " does not exist");
    }
    if (!real.startsWith(root)) {
      throw leavesRoot(file, where, relative, rootSetting);
    }
    if (!Files.isRegularFile(real) && !Files.isRegularFile(Path.of(real + "aa"))) {
      throw new CorpusConfigException(file + ": " + where + ": " + real + " is not a file");
    }
    // A split archive is read from sibling parts too (.zimab, .zimac, ...): each one must be a
    // file inside the root once its symlinks are resolved, or a link could serve outside bytes.
    for (Path part : SplitParts.of(real)) {
      Path realPart;
      try {
        realPart = part.toRealPath();
      } catch (IOException e) {
        throw new CorpusConfigException(
            file + ": " + where + ": part " + part + " cannot be resolved");
      }
      if (!realPart.startsWith(root)) {
        throw new CorpusConfigException(
            file
                + ": "
                + where
                + ": split part "
                + part.getFileName()
                + " leaves the corpus root "
                + root
                + " (it resolves to "
                + realPart
                + ")");
      }
      if (!Files.isRegularFile(realPart)) {
        throw new CorpusConfigException(
            file + ": " + where + ": split part " + realPart + " is not a file");
      }
    }
    return new LibraryConfig(name, real, adapter);
  }

  /** The library's name when it has one, else its place in the file. */
  private static String label(@Nullable Object entry, int index) {
    return entry instanceof TomlTable table
            && table.get("name") instanceof String name
            && !name.isBlank()
        ? name
        : "library #" + index;
  }

  private static String string(Path file, TomlTable table, String key, String where) {
    Object value = table.get(key);
    if (!(value instanceof String s) || s.isBlank()) {
      throw new CorpusConfigException(
          file + ": " + where + ": '" + key + "' must be a non-empty string");
    }
    return s;
  }

  private static CorpusConfigException leavesRoot(
      Path file, String where, String relative, String rootSetting) {
    return new CorpusConfigException(
        file
            + ": "
            + where
            + ": path '"
            + relative
            + "' leaves the corpus root (symlinks are resolved before this check). Library"
            + " paths are relative to "
            + rootSetting
            + ", and must stay inside it.");
  }
}
