package org.corpusmcp.zim.search;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * kiwix-serve (Debian's kiwix-tools) on a loopback port, serving one archive: its search runs the
 * installed libzim 8.1.1 itself, snippets included (libzim's own HTML parser and Xapian's
 * MSet::snippet), which is the one place the tests can see real libzim snippets. Answers are read
 * from its OpenSearch XML ({@code /search?content=…&pattern=…&format=xml}).
 */
final class KiwixServe implements AutoCloseable {
  private static final Path BINARY = Path.of("/usr/bin/kiwix-serve");
  private static final Pattern BOOK =
      Pattern.compile("<link type=\"text/html\" href=\"/(?:content/)?([^/\"]+)/?\"");
  private static final Pattern ITEM = Pattern.compile("<item>(.*?)</item>", Pattern.DOTALL);
  private static final Pattern TOTAL = Pattern.compile("<opensearch:totalResults>([\\d,]+)<");

  /** One result as kiwix-serve shows it; {@code snippet} without the "..." libkiwix appends. */
  record Hit(String path, String title, String snippet, long wordCount) {}

  record Page(long totalResults, List<Hit> hits) {}

  private final Process process;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final int port;
  private final String book;

  KiwixServe(Path zim) throws IOException {
    if (!Files.isExecutable(BINARY)) {
      fail("kiwix-serve missing: apt-get install kiwix-tools (scripts/test installs it)");
    }
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    process =
        new ProcessBuilder(
                BINARY.toString(), "-i", "127.0.0.1", "-p", Integer.toString(port), zim.toString())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    String found = null;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (found == null && System.nanoTime() < deadline && process.isAlive()) {
      try {
        Matcher m = BOOK.matcher(get("/catalog/v2/entries"));
        found = m.find() ? URLDecoder.decode(m.group(1), StandardCharsets.UTF_8) : null;
      } catch (IOException notYetListening) {
        pause();
      }
    }
    if (found == null) {
      close();
      fail("kiwix-serve did not start serving " + zim);
    }
    book = found;
  }

  private static void pause() {
    try {
      Thread.sleep(100); // polling for the server to listen: no event to wait for
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private String get(String pathAndQuery) throws IOException {
    HttpRequest r =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + pathAndQuery))
            .timeout(Duration.ofSeconds(30))
            .build();
    try {
      HttpResponse<String> resp =
          http.send(r, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
      if (resp.statusCode() != 200) {
        throw new IOException(
            "HTTP " + resp.statusCode() + " for " + pathAndQuery + ": " + resp.body());
      }
      return resp.body();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
  }

  /** The page of {@code count} results from {@code start} (0-based) for the query. */
  Page search(String query, int start, int count) throws IOException {
    String xml =
        get(
            "/search?content="
                + enc(book)
                + "&pattern="
                + enc(query)
                + "&format=xml&start="
                + (start + 1)
                + "&pageLength="
                + count);
    Matcher total = TOTAL.matcher(xml);
    // libkiwix prints numbers with thousands separators ("1,119")
    long totalResults = total.find() ? Long.parseLong(total.group(1).replace(",", "")) : -1;
    List<Hit> hits = new ArrayList<>();
    Matcher item = ITEM.matcher(xml);
    while (item.find()) {
      String it = item.group(1);
      String link = unescape(tag(it, "link"));
      String prefix = "/" + book + "/";
      // percent-decoding only: a '+' in a link is a plus sign ("C++"), not a space
      String path =
          URLDecoder.decode(
              (link.startsWith(prefix) ? link.substring(prefix.length()) : link)
                  .replace("+", "%2B"),
              StandardCharsets.UTF_8);
      String snippet = tag(it, "description");
      if (snippet != null && snippet.endsWith("...")) {
        snippet = snippet.substring(0, snippet.length() - 3);
      }
      String words = tag(it, "wordCount");
      long wordCount = words == null ? -1 : Long.parseLong(words.strip().replace(",", ""));
      hits.add(new Hit(path, unescape(tag(it, "title")), snippet, wordCount));
    }
    return new Page(totalResults, hits);
  }

  /**
   * The raw text of the first {@code <name>} element: a description holds libzim's snippet HTML
   * verbatim.
   */
  private static String tag(String xml, String name) {
    int from = xml.indexOf("<" + name + ">");
    if (from < 0) {
      return null;
    }
    int to = xml.indexOf("</" + name + ">", from);
    return xml.substring(from + name.length() + 2, to);
  }

  private static String unescape(String s) {
    if (s == null) {
      return null;
    }
    return s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
