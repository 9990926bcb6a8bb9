package org.corpusmcp.markdown;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.corpusmcp.api.corpus.Document;
import org.corpusmcp.api.corpus.LinkResolver;
import org.corpusmcp.api.corpus.ParseResult;
import org.corpusmcp.api.corpus.Section;
import org.corpusmcp.zim.Archive;
import org.corpusmcp.zim.Entry;
import org.corpusmcp.zim.Zim;
import org.junit.jupiter.api.Test;

/**
 * Holds {@link MarkdownRenderer#RENDERING} to the output it names: every article of four real
 * mwoffliner archives (2015 to 2022, two languages) is sectionized and rendered, and a digest of
 * every section's title, Markdown and plain text is compared with the digest recorded for the
 * current RENDERING in {@code markdown/rendering/digest.txt}. A fetch's {@code content_hash} is
 * only checkable against the rendering it names, so output that changes under the same name breaks
 * every hash an agent kept.
 *
 * <p>After an intended change to the output: bump RENDERING, then record with {@code mvn -pl
 * markdown -am test -Dtest=RenderingVersionTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Drendering.record=true} and commit the file with the reason.
 */
class RenderingVersionTest {

  static final Path RECORD = Path.of("rendering", "digest.txt");

  private static final List<String> ARCHIVES =
      List.of(
          "wikipedia_en_ray_charles_mini_2020-03.zim",
          "wikipedia_en_100_mini_2022-10.zim",
          "wikipedia_en_ray_charles_2015-06.zim",
          "wikibooks_be_all_nopic_2017-02.zim");

  /** The default policy, as the generic and MediaWiki adapters start from it. */
  private static final HtmlSectionizer SECTIONIZER =
      new HtmlSectionizer(CleaningPolicy.builder().build());

  @Test
  void theRecordedDigestIsTheCurrentRenderingsOutput() throws Exception {
    String line = MarkdownRenderer.RENDERING + " " + digest();
    if (Boolean.getBoolean("rendering.record")) {
      Files.createDirectories(RECORD.getParent());
      Files.writeString(RECORD, line + "\n", StandardCharsets.UTF_8);
      return;
    }
    String recorded = Files.readString(RECORD, StandardCharsets.UTF_8).strip();
    String recordedVersion = recorded.substring(0, recorded.indexOf(' '));
    if (!recordedVersion.equals(MarkdownRenderer.RENDERING)) {
      fail(
          "RENDERING is "
              + MarkdownRenderer.RENDERING
              + " but "
              + RECORD
              + " was recorded for "
              + recordedVersion
              + ": re-record it (-Drendering.record=true) and commit it.");
    }
    if (!recorded.equals(line)) {
      fail(
          "rendering changed: bump RENDERING and re-record (-Drendering.record=true). The output"
              + " of "
              + MarkdownRenderer.RENDERING
              + " was recorded as "
              + recorded
              + "; it is now "
              + line
              + ".");
    }
  }

  /** SHA-256 over every article's path and every section's id, title, Markdown and plain text. */
  static String digest() throws Exception {
    String shared = System.getProperty("shared.dir");
    assumeTrue(shared != null, "system property shared.dir is not set (run through Maven)");
    MessageDigest sha = MessageDigest.getInstance("SHA-256");
    int articles = 0;
    for (String name : ARCHIVES) {
      try (Archive archive = Zim.open(Path.of(shared, "corpus-samples", "mediawiki", name))) {
        for (Entry entry : archive.entriesByPath()) {
          if (entry.isRedirect()
              || !entry.isItem()
              || entry.namespace() != 'A'
              || !entry.mimeType().startsWith("text/html")) {
            continue;
          }
          ParseResult parsed =
              SECTIONIZER.toDocument(
                  entry.title(), entry.content().text(), LinkResolver.keepAsIs());
          update(sha, name + "/" + entry.rawPath());
          if (parsed instanceof Document document) {
            articles++;
            for (Section s : document.allSections()) {
              update(sha, s.id().value());
              update(sha, s.title());
              update(sha, s.markdown());
              update(sha, s.text());
            }
          }
        }
      }
    }
    assertTrue(articles > 300, "articles rendered: " + articles);
    return HexFormat.of().formatHex(sha.digest());
  }

  /** Each value with its length first, so no two sequences of values hash alike. */
  private static void update(MessageDigest sha, String value) {
    byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
    sha.update((bytes.length + ":").getBytes(StandardCharsets.US_ASCII));
    sha.update(bytes);
  }
}
