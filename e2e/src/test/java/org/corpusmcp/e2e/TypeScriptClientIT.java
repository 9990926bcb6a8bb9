package org.corpusmcp.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.text.Normalizer;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The official TypeScript MCP client (what most MCP hosts use) over both transports. */
class TypeScriptClientIT {
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private static Map<String, String> env(String tool, String args) {
    Map<String, String> env = Dist.env();
    env.put("CALL_TOOL", tool);
    env.put("CALL_ARGS", args);
    env.put("GET_PROMPT", "arch-wiki-usage");
    return env;
  }

  private static void assertClientPassed(Dist.Result result) {
    assertEquals(0, result.status(), result.out() + result.err());
    assertTrue(result.out().contains("\"ok\":true"), result.out());
    // the bundled corpus's two tools and the Arch wiki plugin's, side by side
    assertTrue(result.out().contains("\"tools\":[\"search\",\"fetch\",\"archwiki_"), result.out());
    assertTrue(result.out().contains("\"readOnlyHint\":true"), result.out());
    // the Arch wiki plugin's prompt, arch-wiki-usage; the corpus adds none
    assertTrue(
        result
            .out()
            .contains(
                "\"prompts\":[{\"name\":\"arch-wiki-usage\","
                    + "\"description\":\"How to use Arch Wiki MCP without becoming a liar\",\"arguments\":[]}]"),
        result.out());
    assertTrue(result.out().contains("must not synthesize"), result.out());
  }

  /** The "structured" content the client printed (the tool call's structuredContent). */
  private static JsonNode structured(Dist.Result result) {
    return JSON.readTree(result.out().strip()).path("structured");
  }

  /**
   * The corpus's search on the bundled handbook, over stdio. "Reciprocal Rank Fusion" occurs on one
   * handbook page only, docs/architecture.md ("Architecture"): checked with grep over the
   * handbook's sources and with libzim's own searcher over the archive (one match).
   */
  @Test
  void stdio() throws Exception {
    Dist.Result result =
        Dist.node(
            env("search", "{\"query\":\"Reciprocal Rank Fusion\"}"),
            "ts-client.mjs",
            "stdio",
            Dist.LAUNCHER.toString(),
            "serve");
    assertClientPassed(result);
    assertTrue(result.out().contains("\"structuredKeys\":[\"results\"]"), result.out());
    JsonNode results = structured(result).path("results");
    assertTrue(results.size() >= 1, result.out());
    assertEquals(
        "corpus://Handbook/docs/architecture", results.get(0).path("ref").asString(), result.out());
    assertEquals("Architecture", results.get(0).path("title").asString(), result.out());
  }

  /**
   * An Arch wiki tool (replayed offline), over Streamable HTTP: commands("GRUB", "Installation")
   * returns the one {{bc}} block of that section of the recorded revision 858930, with the content,
   * hashes and revision URL the published example of the Arch Wiki MCP gives; its content_raw is a
   * verbatim slice of the recorded wikitext and content_hash is its SHA-256.
   */
  @Test
  @SuppressWarnings("try") // the server's close() may throw InterruptedException, as intended
  void streamableHttp() throws Exception {
    Dist.Result result;
    try (Dist.HttpServer server = new Dist.HttpServer(Dist.env())) {
      result =
          Dist.node(
              env("archwiki_commands", "{\"title_or_url\":\"GRUB\",\"anchor\":\"Installation\"}"),
              "ts-client.mjs",
              "http",
              server.url);
    }
    assertClientPassed(result);
    JsonNode commands = structured(result).path("commands");
    assertEquals(1, commands.size(), result.out());
    JsonNode block = commands.get(0);
    String raw = "# grub-install --target=x86_64-efi --efi-directory=''esp'' --bootloader-id=GRUB";
    assertEquals(
        "# grub-install --target=x86_64-efi --efi-directory=<esp> --bootloader-id=GRUB",
        block.path("content").asString());
    assertEquals(raw, block.path("content_raw").asString());
    assertEquals(
        "8b8dfad439a8fb73f328ec9c2da75cf575e7a24ad945d3890ddc626f180b7a44",
        block.path("content_hash").asString());
    assertEquals(
        "29e88b233ac641da1dec1beeb7500687263991279c8fd0d5762ca45479ffb12e",
        block.path("content_hash_cleaned").asString());
    assertEquals("template_bc", block.path("source_pattern").asString());
    assertEquals("esp", block.path("placeholders").get(0).asString());
    assertEquals(858930, block.path("revid").asInt());
    assertEquals(
        "https://wiki.archlinux.org/index.php?oldid=858930#Installation",
        block.path("revision_url").asString());
    assertEquals(
        sha256(raw),
        block.path("content_hash").asString(),
        "content_hash is the SHA-256 of content_raw");
    String wikitext =
        JSON.readTree(Files.readString(Dist.SHARED.resolve("archwiki-fixtures/parse_GRUB.json")))
            .path("parse")
            .path("wikitext")
            .path("*")
            .asString();
    assertTrue(wikitext.contains(raw), "content_raw is a slice of the recorded wikitext");
  }

  private static String sha256(String s) throws Exception {
    return HexFormat.of()
        .formatHex(
            MessageDigest.getInstance("SHA-256")
                .digest(
                    Normalizer.normalize(s, Normalizer.Form.NFC).getBytes(StandardCharsets.UTF_8)));
  }
}
