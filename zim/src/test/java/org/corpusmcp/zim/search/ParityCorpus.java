package org.corpusmcp.zim.search;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * The archives and queries of the parity tests. Queries = a hand-written list of edge cases
 * (queries-common.json), a hand-written list of the words of an archive too small for the generator
 * (queries-ARCHIVE.json, suggest-ARCHIVE.json), and queries derived from each archive by the
 * project's generator (../shared/tools/make_queries.py). The 5,000-article archive is built by
 * ../shared/tools/make_bench_zim.py with the real libzim writer (make_parity_zim.sh).
 */
final class ParityCorpus {
  private ParityCorpus() {}

  /** Sample archives with a full-text index. */
  static final List<String> FULLTEXT =
      List.of(
          "mediawiki/wikibooks_be_all_nopic_2017-02_noTitleListingV0.zim",
          "mediawiki/wikipedia_en_ray_charles_mini_2020-03.zim",
          "mediawiki/wikipedia_en_ray_charles_maxi_2019-08.zim",
          "mediawiki/wikipedia_en_100_mini_2022-10.zim",
          "other/tonedear.com_en_2024-09.zim",
          "zim-testing-suite/withns/small.zim");

  /** Sample archives with a title index, and without (listing fallback). */
  static final List<String> SUGGEST =
      List.of(
          "mediawiki/wikibooks_be_all_nopic_2017-02_noTitleListingV0.zim",
          "mediawiki/wikipedia_en_ray_charles_mini_2020-03.zim",
          "mediawiki/wikipedia_en_100_mini_2022-10.zim",
          "other/tonedear.com_en_2024-09.zim",
          "zim-testing-suite/withns/small.zim",
          "zim-testing-suite/nons/small.zim",
          "zim-testing-suite/withns/wikibooks_be_all_nopic_2017-02.zim",
          "mediawiki/wikipedia_en_ray_charles_2015-06.zim");

  static final String BIG = "generated/wiki5000.zim";

  /**
   * (archive, semantics, what the expectation is): each of {@code archives} and the 5,000-article
   * archive, with "9" and "8.1". Only libzim 8.1.1 is installed: the libzim 9 expectations are an
   * emulation, and the test names say so.
   */
  static Stream<Arguments> withBigBySemantics(List<String> archives) {
    List<Arguments> a = new ArrayList<>();
    for (String sem : List.of("9", "8.1")) {
      for (String z : archives) {
        a.add(Arguments.of(z, sem, expectation(sem)));
      }
      a.add(Arguments.of(BIG, sem, expectation(sem)));
    }
    return a.stream();
  }

  /** Where the expected answers come from, for test names. */
  static String expectation(String semantics) {
    return semantics.equals("9")
        ? "libzim 9 EMULATED by the python3-xapian replay"
        : "libzim 8.1.1 (weights, snippets: python3-xapian replay over the Python port of its HTML parser)";
  }

  static Path archive(String name) throws IOException {
    if (name.equals(BIG)) {
      return bigArchive();
    }
    return Oracle.sample(name);
  }

  /**
   * The 5,000-article archive, built into target/ by the real libzim writer, and built again
   * whenever the build script, the generator or the libzim library changes.
   */
  static synchronized Path bigArchive() throws IOException {
    Path out = Oracle.work().resolve("wiki5000.zim");
    Path script = Oracle.script("make_parity_zim.sh");
    String stamp =
        OracleStamp.of(List.of(script, Oracle.tool("make_bench_zim.py")), OracleStamp.libraries());
    if (OracleStamp.fresh(out, stamp)) {
      return out;
    }
    run(List.of("/bin/sh", script.toString(), Oracle.shared().toString(), out.toString()), 1800);
    if (!Files.exists(out)) {
      fail("make_parity_zim.sh did not produce " + out);
    }
    OracleStamp.record(out, stamp);
    return out;
  }

  static List<String> queries(String archive, String kind) throws IOException {
    List<String> q = new ArrayList<>();
    if (kind.equals("fulltext")) {
      for (Object o :
          (List<?>) MiniJson.parse(Files.readString(Oracle.script("queries-common.json")))) {
        q.add((String) o);
      }
    } else {
      for (Object o :
          (List<?>) MiniJson.parse(Files.readString(Oracle.script("suggest-common.json")))) {
        q.add((String) o);
      }
    }
    // an archive too small for the generator (one document) has a hand-written list of words it
    // contains, so that its run still compares results and snippets
    Path own =
        Path.of(
            "src",
            "test",
            "resources",
            "search",
            (kind.equals("fulltext") ? "queries-" : "suggest-")
                + archive.replace(".zim", "").replace('/', '_')
                + ".json");
    if (Files.exists(own)) {
      for (Object o : (List<?>) MiniJson.parse(Files.readString(own))) {
        if (!q.contains(o)) {
          q.add((String) o);
        }
      }
    }
    Path zim = archive(archive);
    String name =
        zim.getFileName().toString().replace(".zim", "")
            + "-"
            + Integer.toHexString(archive.hashCode());
    Path dir = Oracle.work().resolve("queries");
    Path file = dir.resolve(name + "." + kind + ".txt");
    Path none = dir.resolve(name + ".none");
    // derived again whenever the generator, its options or the archive change
    Files.createDirectories(dir);
    Path generator = Oracle.script("make_parity_queries.sh");
    Path stampFile = dir.resolve(name + ".generated");
    String stamp =
        OracleStamp.of(
            List.of(generator, Oracle.tool("make_queries.py")), OracleStamp.archive(zim));
    if (!OracleStamp.fresh(stampFile, stamp)) {
      Files.deleteIfExists(file);
      Files.deleteIfExists(none);
    }
    if (!Files.exists(file) && !Files.exists(none)) {
      Process p =
          new ProcessBuilder(
                  "/bin/sh",
                  generator.toString(),
                  Oracle.shared().toString(),
                  zim.toString(),
                  dir.toString(),
                  name)
              .redirectErrorStream(true)
              .start();
      String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      try {
        p.waitFor();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      if (!Files.exists(file)) {
        if (!log.contains("no HTML articles found")) {
          fail("make_queries.py failed on " + zim + ":\n" + log);
        }
        Files.writeString(none, log); // tiny archives (one document): the hand-written lists only
      }
      Files.writeString(stampFile, "");
      OracleStamp.record(stampFile, stamp);
    }
    if (Files.exists(file)) {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        if (!q.contains(line)) {
          q.add(line);
        }
      }
    }
    return q;
  }

  static void run(List<String> cmd, int seconds) throws IOException {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    byte[] out = p.getInputStream().readAllBytes();
    try {
      if (!p.waitFor(seconds, TimeUnit.SECONDS) || p.exitValue() != 0) {
        fail("command failed: " + cmd + "\n" + new String(out, StandardCharsets.UTF_8));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Runs zim_oracle.py search|suggest for every query (oracle_batch.py, one process). */
  static List<Object> oracle(
      String cmd, Path zim, List<String> queries, String semantics, int start, int count)
      throws IOException {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < queries.size(); i++) {
      if (i > 0) {
        b.append(',');
      }
      b.append(jsonString(queries.get(i)));
    }
    String qjson = b.append(']').toString();
    // Answers are cached in target/ under a key that covers everything they depend on: the
    // oracle scripts' bytes, the libzim and Xapian libraries, the archive and the whole request.
    Path batch = Oracle.script("oracle_batch.py");
    String key =
        OracleStamp.of(
            List.of(batch, Oracle.tool("zim_oracle.py")),
            OracleStamp.libraries(),
            OracleStamp.archive(zim),
            cmd,
            semantics,
            Integer.toString(start),
            Integer.toString(count),
            qjson);
    Path cache =
        Oracle.work()
            .resolve("cache")
            .resolve(
                zim.getFileName()
                    + "."
                    + cmd
                    + "."
                    + semantics
                    + "."
                    + key.substring(0, 24)
                    + ".json");
    if (Files.exists(cache)) {
      @SuppressWarnings("unchecked")
      List<Object> l = (List<Object>) MiniJson.parse(Files.readString(cache));
      return l;
    }
    Path qf = Files.createTempFile(Oracle.work(), "queries", ".json");
    Files.writeString(qf, qjson, StandardCharsets.UTF_8);
    String out =
        Oracle.python(
            List.of(
                batch.toString(),
                Oracle.tool("zim_oracle.py").toString(),
                cmd,
                zim.toString(),
                qf.toString(),
                semantics,
                Integer.toString(start),
                Integer.toString(count)));
    Files.deleteIfExists(qf);
    @SuppressWarnings("unchecked")
    List<Object> l = (List<Object>) MiniJson.parse(out);
    Files.createDirectories(cache.getParent());
    Files.writeString(cache, out);
    return l;
  }

  static String jsonString(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        b.append('\\').append(c);
      } else if (c < 0x20 || c > 0x7E) {
        b.append(String.format("\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.append('"').toString();
  }
}
