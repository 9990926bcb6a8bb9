package org.corpusmcp.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every fetch, with the default budget, fits the tool-result cap of the strictest common client:
 * Claude Code refuses a result over 25,000 tokens and the agent then gets nothing. The replies are
 * fetched through the official TypeScript MCP client and their text blocks counted with Anthropic's
 * published tokenizer: the largest articles of every sample archive, and an article of about 850 KB
 * of real Wikipedia markup (five copies of one) built with the real libzim writer.
 */
class FetchFitsClientsIT {

  static final int CLAUDE_CODE_TOKEN_CAP = 25_000;
  static final int DEFAULT_MAX_FETCH_CHARS = 100_000;
  static final String[][] SAMPLES = {
    {"Maxi", "mediawiki/wikipedia_en_ray_charles_maxi_2019-08.zim"},
    {"Ray2015", "mediawiki/wikipedia_en_ray_charles_2015-06.zim"},
    {"Mini", "mediawiki/wikipedia_en_ray_charles_mini_2020-03.zim"},
    {"Hundred", "mediawiki/wikipedia_en_100_mini_2022-10.zim"},
    {"Be", "mediawiki/wikibooks_be_all_nopic_2017-02.zim"},
  };

  static final JsonMapper JSON = JsonMapper.builder().build();

  @TempDir Path dir;

  @Test
  void everyFetchFitsTheStrictestClientsTokenCap() throws Exception {
    // the samples, read in place (library paths must lie inside CORPUS_ROOT)
    Path samples = Dist.SHARED.resolve("corpus-samples");
    StringBuilder toml = new StringBuilder("version = 1\n");
    List<Map<String, Object>> calls = new ArrayList<>();
    for (String[] sample : SAMPLES) {
      toml.append(library(sample[0], sample[1]));
      for (String path : largestArticles(samples.resolve(sample[1]), 4)) {
        calls.add(Map.of("ref", "corpus://" + sample[0] + "/" + path));
      }
    }
    List<JsonNode> replies =
        fetch(samples, Files.writeString(dir.resolve("samples.toml"), toml), calls);

    // the long article, in a corpus of its own
    Path longRoot = Files.createDirectories(dir.resolve("long"));
    Dist.Result built =
        Dist.run(
            dir,
            Dist.env(),
            List.of(
                "/usr/bin/python3",
                resource("make_long_article_zim.py"),
                samples.resolve(SAMPLES[0][1]).toString(),
                "A/Ray_Charles",
                "5",
                longRoot.resolve("long_article.zim").toString()));
    assertEquals(0, built.status(), built.err());
    Path longConfig =
        Files.writeString(
            longRoot.resolve("corpus.toml"), "version = 1\n" + library("Long", "long_article.zim"));
    List<JsonNode> longest =
        fetch(longRoot, longConfig, List.of(Map.of("ref", "corpus://Long/Ray_Charles")));
    assertTrue(longest.get(0).get("truncated").asBoolean(), longest.toString());
    assertTrue(longest.get(0).get("omitted").asInt() > 0, longest.toString());
    replies.addAll(longest);

    int most = 0;
    Map<String, Integer> fetched = new java.util.TreeMap<>();
    for (JsonNode reply : replies) {
      String ref = reply.get("ref").asString();
      if (reply.has("error")) {
        // a large HTML entry that is no document (a main page listing): only not_found is fine
        assertEquals("not_found", reply.get("error").asString(), reply.toString());
        continue;
      }
      fetched.merge(
          ref.substring("corpus://".length(), ref.indexOf('/', "corpus://".length())),
          1,
          Integer::sum);
      int tokens = reply.get("tokens").asInt();
      most = Math.max(most, tokens);
      assertTrue(tokens <= CLAUDE_CODE_TOKEN_CAP, ref + " is " + tokens + " tokens: " + reply);
      assertTrue(reply.get("chars").asInt() <= DEFAULT_MAX_FETCH_CHARS, ref + ": " + reply);
      assertTrue(reply.get("sections").asInt() > 0, ref + " returned no section: " + reply);
    }
    for (String[] sample : SAMPLES) {
      assertTrue(
          fetched.getOrDefault(sample[0], 0) >= 2, "documents fetched per library: " + fetched);
    }
    // the margin under the cap, for the record
    System.out.println(
        "largest fetch reply: " + most + " tokens of " + CLAUDE_CODE_TOKEN_CAP + "; " + replies);
  }

  private static String library(String name, String path) {
    return "\n[[library]]\nname = \""
        + name
        + "\"\npath = \""
        + path
        + "\"\nadapter = \"mediawiki\"\n";
  }

  /** The replies of {@code calls} through the TypeScript client, token-counted. */
  private static List<JsonNode> fetch(Path root, Path config, List<Map<String, Object>> calls)
      throws Exception {
    Map<String, String> env = Dist.env();
    env.put("CORPUS_ROOT", root.toString());
    env.put("CORPUS_CONFIG", config.toString());
    env.put("FETCH_CALLS", JSON.writeValueAsString(calls));
    Dist.Result result = Dist.node(env, "fetch-tokens.mjs", Dist.LAUNCHER.toString(), "serve");
    assertEquals(0, result.status(), result.out() + result.err());
    List<JsonNode> replies = new ArrayList<>();
    JSON.readTree(result.out().strip()).get("replies").forEach(replies::add);
    assertEquals(calls.size(), replies.size(), result.out());
    return replies;
  }

  /** The paths (as refs carry them) of the {@code n} largest HTML articles, from `zim entries`. */
  private static List<String> largestArticles(Path zim, int n) throws Exception {
    Dist.Result entries =
        Dist.corpusMcp(zim.getParent(), Dist.env(), "zim", "entries", zim.toString());
    assertEquals(0, entries.status(), entries.err());
    List<JsonNode> articles = new ArrayList<>();
    for (String line : entries.out().lines().toList()) {
      JsonNode e = JSON.readTree(line);
      boolean article =
          "text/html".equals(e.path("mimetype").asString())
              && ("A".equals(e.path("namespace").asString())
                  || "C".equals(e.path("namespace").asString()))
              && e.path("path").asString().matches("[^%#?\\s]+");
      if (article) {
        articles.add(e);
      }
    }
    articles.sort(Comparator.comparingLong((JsonNode e) -> e.path("size").asLong()).reversed());
    return articles.stream().limit(n).map(e -> e.get("path").asString()).toList();
  }

  private static String resource(String name) throws Exception {
    return Path.of(FetchFitsClientsIT.class.getResource("/" + name).toURI()).toString();
  }
}
