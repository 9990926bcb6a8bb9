package org.corpusmcp.zimtool;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Blob;
import org.corpusmcp.zim.Entry;
import org.corpusmcp.zim.Zim;
import org.corpusmcp.zim.ZimFormatException;
import org.corpusmcp.zim.ZimOptions;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code corpus-mcp zim info|entries|cat ARCHIVE …}: look inside a ZIM archive with the project's
 * own reader and print JSON whose field names follow {@code shared/tools/zim_oracle.py}, so the two
 * can be compared line by line. A damaged archive prints {@code {"error":"zim-format",…}} on stderr
 * and exits 1; so does a listing that met unreadable entries (after printing the rest), and an
 * {@code info --check} or {@code --validate} that found damage.
 */
@Command(
    name = "zim",
    mixinStandardHelpOptions = true,
    description = {"Inspect a ZIM archive with corpus-mcp's pure-Java reader; prints JSON."},
    subcommands = {
      ZimCommand.Info.class,
      ZimCommand.Entries.class,
      ZimCommand.Cat.class,
      ZimSearchCommands.Search.class,
      ZimSearchCommands.Suggest.class
    })
public final class ZimCommand {

  static final int EXIT_FAILED = 1;

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** Where {@code cat --raw} writes an entry's bytes. */
  private final OutputStream stdout;

  /**
   * Over {@link System#out}: what picocli's default factory makes (the man page generator, a
   * program of its own).
   */
  @SuppressWarnings("SystemOut")
  public ZimCommand() {
    this(System.out);
  }

  /**
   * @param stdout the standard output as bytes, for {@code cat --raw}: a host that keeps {@code
   *     System.out} from everyone else (its stdio channel) hands over the real one
   */
  public ZimCommand(OutputStream stdout) {
    this.stdout = stdout;
  }

  /** Options every subcommand shares: the archive and, for embedded archives, where it lies. */
  static class ArchiveOptions {
    @Parameters(
        index = "0",
        paramLabel = "ARCHIVE",
        description = "The .zim file; a split archive by foo.zimaa or foo.zim.")
    Path archive;

    @Option(
        names = "--offset",
        paramLabel = "N",
        description = "Archive starts at byte N of the file (embedded).")
    long offset;

    @Option(
        names = "--size",
        paramLabel = "N",
        description = "Archive size in bytes (embedded; default: to the end).")
    long size = -1;

    @Option(
        names = "--cache-mb",
        paramLabel = "MB",
        description = "Cluster cache bound (default 64).")
    long cacheMb = 64;

    Archive open() {
      ZimOptions.Builder b = ZimOptions.builder().cacheBytes(cacheMb << 20);
      if (offset != 0 || size >= 0) {
        if (size < 0) {
          size = archive.toFile().length() - offset;
        }
        b.embedded(offset, size);
      }
      return Zim.open(archive, b.build());
    }
  }

  /** Shared plumbing: JSON out, typed errors to stderr. */
  abstract static class Sub implements Callable<Integer> {
    @Spec CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin ArchiveOptions archiveOptions = new ArchiveOptions();

    abstract int run(Archive archive, PrintWriter out);

    @Override
    public Integer call() {
      PrintWriter out = spec.commandLine().getOut();
      try (Archive a = archiveOptions.open()) {
        int status = run(a, out);
        out.flush();
        return status;
      } catch (ZimFormatException e) {
        ObjectNode err = JSON.createObjectNode();
        err.put("error", "zim-format");
        err.put("fault", e.fault().name());
        err.put("file", e.file());
        err.put("offset", e.offset());
        err.put("expected", e.expected());
        err.put("actual", e.actual());
        err.put("message", e.getMessage());
        spec.commandLine().getErr().println(JSON.writeValueAsString(err));
        return EXIT_FAILED;
      } catch (UncheckedIOException e) {
        ObjectNode err = JSON.createObjectNode();
        err.put("error", "io");
        err.put("message", e.getMessage());
        spec.commandLine().getErr().println(JSON.writeValueAsString(err));
        return EXIT_FAILED;
      }
    }

    /**
     * A listing that met unreadable entries still prints every entry it could, but, like tar and
     * zimcheck, exits non-zero and says how many, so a script can tell a damaged archive from a
     * sound one without parsing every line.
     */
    int damagedEntries(long damaged, long total) {
      if (damaged == 0) {
        return 0;
      }
      ObjectNode err = JSON.createObjectNode();
      err.put("error", "damaged-entries");
      err.put("damaged", damaged);
      err.put("entries", total);
      err.put(
          "message",
          damaged + " of " + total + " entries could not be read; see their \"error\" fields");
      spec.commandLine().getErr().println(JSON.writeValueAsString(err));
      return EXIT_FAILED;
    }

    void fail(String message) {
      ObjectNode err = JSON.createObjectNode();
      err.put("error", "not-found");
      err.put("message", message);
      spec.commandLine().getErr().println(JSON.writeValueAsString(err));
    }
  }

  @Command(
      name = "info",
      mixinStandardHelpOptions = true,
      description = {
        "Print an archive's header facts, libzim-style view and metadata as JSON.",
        "The libzim-style view holds the counts, main entry, indexes and checksum."
      },
      exitCodeListHeading = "Exit status:%n",
      exitCodeList = {
        "0:the archive opened (and passed --check / --validate when asked)",
        "1:it could not be opened, or --check / --validate found damage"
      })
  static final class Info extends Sub {
    @Option(
        names = "--check",
        description =
            "Also recompute the MD5 checksum (reads the whole archive; progress on stderr).")
    boolean check;

    @Option(
        names = "--validate",
        description =
            "Also run the full structural validation (libzim's integrity checks): \"valid\" and"
                + " \"faults\", every fault found with its offset.")
    boolean validate;

    @Override
    int run(Archive a, PrintWriter out) {
      ObjectNode o = JSON.createObjectNode();
      o.put("file", archiveOptions.archive.toString());
      ObjectNode header = o.putObject("header");
      header.put("majorVersion", a.majorVersion());
      header.put("minorVersion", a.minorVersion());
      header.put("entryCount", a.allEntryCount());
      header.put("clusterCount", a.clusterCount());
      header.put("newNamespaceScheme", a.hasNewNamespaceScheme());
      ArrayNode mimes = o.putArray("mimetypes");
      a.mimeTypes().forEach(mimes::add);
      ObjectNode lz = o.putObject("libzim");
      lz.put("uuid", a.uuid());
      lz.put("filesize", a.size());
      lz.put("all_entry_count", a.allEntryCount());
      lz.put("entry_count", a.entryCount());
      // Each group of facts is read on its own: in an archive opened despite damage (libzim opens
      // it too), a fact whose structure is damaged is named under "unreadable", the rest printed.
      ObjectNode unreadable = JSON.createObjectNode();
      readOrNote(
          unreadable,
          "counts",
          () -> {
            lz.put("article_count", a.articleCount());
            OptionalInt media = a.mediaCount();
            if (media.isPresent()) {
              lz.put("media_count", media.getAsInt());
            } else {
              lz.putNull("media_count"); // no M/Counter: libzim fails with "Cannot find metadata"
            }
          });
      lz.put("has_new_namespace_scheme", a.hasNewNamespaceScheme());
      readOrNote(
          unreadable,
          "indexes",
          () -> {
            lz.put("has_fulltext_index", a.fulltextIndex() != null);
            lz.put("has_title_index", a.titleIndex() != null);
          });
      lz.put("has_checksum", a.checksum() != null);
      lz.put("checksum", a.checksum());
      if (check) {
        PrintWriter err = spec.commandLine().getErr();
        long[] lastPercent = {-1};
        try {
          a.verifyChecksum(
              (done, total) -> {
                long percent = total == 0 ? 100 : done * 100 / total;
                if (percent != lastPercent[0]) {
                  lastPercent[0] = percent;
                  err.print("\rchecksum " + percent + "%");
                  err.flush();
                }
              });
          lz.put("check", true);
        } catch (ZimFormatException e) {
          lz.put("check", false);
          lz.put("check_error", e.getMessage());
        }
        err.println();
      }
      if (validate) {
        List<ZimFormatException> faults = a.findFaults();
        o.put("valid", faults.isEmpty());
        o.set("faults", faultsJson(faults));
      }
      readOrNote(
          unreadable,
          "main_entry",
          () -> {
            Entry main = a.mainEntry();
            lz.put("has_main_entry", main != null);
            if (main != null) {
              ObjectNode m = lz.putObject("main_entry");
              m.put("path", main.path());
              m.put("title", main.title());
              m.put("is_redirect", main.isRedirect());
              m.put("final_path", main.resolve().path());
            }
          });
      readOrNote(
          unreadable,
          "illustration_sizes",
          () -> {
            ArrayNode sizes = JSON.createArrayNode();
            a.illustrationSizes().forEach(sizes::add);
            lz.set("illustration_sizes", sizes);
          });
      ObjectNode md = lz.putObject("metadata");
      for (String key : a.metadataKeys()) {
        readOrNote(
            unreadable,
            "metadata/" + key,
            () -> {
              Blob b = a.metadataBlob(key);
              if (b != null) {
                byte[] bytes = b.bytes();
                String text = utf8(bytes);
                if (text != null) {
                  md.put(key, text);
                } else {
                  ObjectNode bin = md.putObject(key);
                  bin.put("base64", Base64.getEncoder().encodeToString(bytes));
                  bin.put("sha256", sha256(bytes));
                  bin.put("size", bytes.length);
                }
              }
            });
      }
      if (!unreadable.isEmpty()) {
        o.set("unreadable", unreadable);
      }
      out.println(JSON.writerWithDefaultPrettyPrinter().writeValueAsString(o));
      // A failed --check or --validate is the answer a script asked for: report it in the exit
      // status.
      boolean checkFailed = check && !lz.path("check").asBoolean(false);
      boolean invalid = validate && !o.path("valid").asBoolean(false);
      return checkFailed || invalid ? EXIT_FAILED : 0;
    }
  }

  /** Runs {@code read}; a damaged structure it meets is noted under {@code what} instead. */
  static void readOrNote(ObjectNode unreadable, String what, Runnable read) {
    try {
      read.run();
    } catch (ZimFormatException e) {
      unreadable.put(what, e.getMessage());
    }
  }

  /**
   * The faults of a validation report as JSON: one object per fault with its name, archive offset,
   * what was expected and found, and the message.
   */
  static ArrayNode faultsJson(List<ZimFormatException> faults) {
    ArrayNode out = JSON.createArrayNode();
    for (ZimFormatException f : faults) {
      ObjectNode n = out.addObject();
      n.put("fault", f.fault().name());
      n.put("offset", f.offset());
      n.put("expected", f.expected());
      n.put("actual", f.actual());
      n.put("message", f.getMessage());
    }
    return out;
  }

  @Command(
      name = "entries",
      mixinStandardHelpOptions = true,
      description = {
        "List every directory entry in path order, one JSON object per line.",
        "Fields: index, namespace, path, title, storedTitle, kind, mimetype, redirectIndex,"
            + " redirectTarget, libzim_path, size, sha256 (named as in zim_oracle.py entries)."
      },
      exitCodeListHeading = "Exit status:%n",
      exitCodeList = {
        "0:every entry was read",
        "1:the archive could not be opened, or some entries could not be read (they carry an"
            + " \"error\" field; stderr says how many)"
      })
  static final class Entries extends Sub {
    @Option(names = "--no-content", description = "Skip size and sha256 (no content is read).")
    boolean noContent;

    @Override
    int run(Archive a, PrintWriter out) {
      long damaged = 0;
      for (Entry e : a.allEntries()) {
        ObjectNode r = JSON.createObjectNode();
        r.put("index", e.index());
        r.put("namespace", String.valueOf(e.namespace()));
        r.put("path", e.rawPath());
        r.put("title", e.title());
        r.put("storedTitle", e.storedTitle());
        r.put("kind", e.kind().name().toLowerCase(Locale.ROOT).replace("_", ""));
        if (e.isRedirect()) {
          try {
            Entry t = e.redirectTarget();
            r.put("redirectIndex", t.index());
            r.put("redirectTarget", t.fullPath());
          } catch (ZimFormatException x) {
            r.put("error", x.getMessage());
          }
        } else if (e.isItem()) {
          try {
            r.put("mimetype", e.mimeType());
          } catch (ZimFormatException x) {
            r.putNull("mimetype");
            r.put("error", x.getMessage());
          }
          r.put("libzim_path", e.path());
          if (!noContent) {
            try {
              Blob b = e.content();
              r.put("size", b.size());
              r.put("sha256", sha256(b));
            } catch (ZimFormatException x) {
              r.put("error", x.getMessage());
            }
          }
        }
        if (r.has("error")) {
          damaged++;
        }
        out.println(JSON.writeValueAsString(r));
      }
      return damagedEntries(damaged, a.allEntryCount());
    }
  }

  @Command(
      name = "cat",
      mixinStandardHelpOptions = true,
      description = {
        "Print one entry (redirects followed) as JSON, or its bytes alone with --raw.",
        "Fields: path, title, mimetype, size, sha256 and content (UTF-8 text, or base64 for"
            + " binary)."
      })
  static final class Cat extends Sub {
    @CommandLine.ParentCommand ZimCommand zim;

    @Parameters(
        index = "1",
        paramLabel = "PATH",
        description = "Public path as libzim takes it (new scheme: without namespace; old: A/foo).")
    @Nullable String path;

    @Option(
        names = "--namespace",
        paramLabel = "NS",
        description = "Look PATH up in this namespace (e.g. M, X, W).")
    @Nullable String namespace;

    @Option(
        names = "--index",
        paramLabel = "N",
        description = "Take entry N (path order, all namespaces) instead of PATH.")
    @Nullable Integer index;

    @Option(names = "--raw", description = "Write the content bytes to stdout, nothing else.")
    boolean raw;

    @Override
    int run(Archive a, PrintWriter out) {
      Entry e;
      if (index != null) {
        if (index < 0 || index >= a.allEntryCount()) {
          fail("no entry " + index + " in " + a.name() + " (" + a.allEntryCount() + " entries)");
          return EXIT_FAILED;
        }
        e = a.entryAt(index);
      } else if (path == null) {
        throw new CommandLine.ParameterException(spec.commandLine(), "give PATH or --index");
      } else if (namespace != null) {
        if (namespace.length() != 1) {
          throw new CommandLine.ParameterException(
              spec.commandLine(), "--namespace takes one character");
        }
        e = a.findByNamespace(namespace.charAt(0), path);
      } else {
        e = a.findByPath(path);
      }
      if (e == null) {
        fail("no entry " + path + " in " + a.name());
        return EXIT_FAILED;
      }
      Entry item = e.resolve();
      if (!item.isItem()) {
        fail(item.fullPath() + " is a " + item.kind() + " without content");
        return EXIT_FAILED;
      }
      Blob b = item.content();
      if (raw) {
        out.flush();
        writeRaw(b, zim.stdout);
        return 0;
      }
      byte[] bytes = b.bytes();
      ObjectNode o = JSON.createObjectNode();
      o.put("index", item.index());
      o.put("namespace", String.valueOf(item.namespace()));
      o.put("path", item.path());
      o.put("title", item.title());
      if (e.isRedirect()) {
        o.put("requested", e.path());
      }
      o.put("mimetype", item.mimeType());
      o.put("size", bytes.length);
      o.put("sha256", sha256(bytes));
      String text = utf8(bytes);
      if (text != null) {
        o.put("content", text);
      } else {
        o.put("content_base64", Base64.getEncoder().encodeToString(bytes));
      }
      out.println(JSON.writerWithDefaultPrettyPrinter().writeValueAsString(o));
      return 0;
    }

    private static void writeRaw(Blob b, OutputStream stdout) {
      try {
        b.openStream().transferTo(stdout);
        stdout.flush();
      } catch (IOException x) {
        throw new UncheckedIOException(x);
      }
    }
  }

  static @Nullable String utf8(byte[] bytes) {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }

  static String sha256(byte[] bytes) {
    MessageDigest md = sha256();
    return HexFormat.of().formatHex(md.digest(bytes));
  }

  static String sha256(Blob b) {
    MessageDigest md = sha256();
    byte[] buffer = new byte[1 << 16];
    try (var in = b.openStream()) {
      for (int k; (k = in.read(buffer)) > 0; ) {
        md.update(buffer, 0, k);
      }
    } catch (IOException x) {
      throw new UncheckedIOException(x);
    }
    return HexFormat.of().formatHex(md.digest());
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }
}
