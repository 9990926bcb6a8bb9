package org.corpusmcp.host.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.corpus.CorpusSettings;
import org.corpusmcp.host.Host;
import org.corpusmcp.host.mcp.JsonText;
import org.corpusmcp.host.testing.SamplePlugins;
import org.corpusmcp.host.testing.TestCorpus;
import org.corpusmcp.host.tools.Warmup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The corpus's warm-up calls: a few of its own titles searched, one misspelt, one fetch. */
class CorpusWarmupTest {

  @TempDir Path dir;

  @Test
  void aTitleBecomesItsFirstThreeWordsLowerCased() {
    assertEquals("ray charles", CorpusWarmup.words("Ray Charles"));
    assertEquals("the genius of", CorpusWarmup.words("  The Genius of Ray Charles "));
  }

  @Test
  void theLongestWordHasTwoMiddleLettersSwapped() {
    assertEquals("ray chrales", CorpusWarmup.misspelt("ray charles"));
    assertEquals("the geinus of", CorpusWarmup.misspelt("the genius of"));
    assertNull(CorpusWarmup.misspelt("ray ban"), "no word of five letters");
    assertNull(CorpusWarmup.misspelt("abba"), "too short");
    assertNull(CorpusWarmup.misspelt("c++20 std"), "no word of letters only");
    assertEquals("criyng time (album)", CorpusWarmup.misspelt("crying time (album)"));
    assertNull(CorpusWarmup.misspelt("coffee"), "swapping equal letters changes nothing");
  }

  @Test
  void everyCallSucceedsThroughTheRealToolsAndTheyAreFew() {
    TestCorpus.writeAdapterPlugin(dir.resolve("plugins"));
    Path config =
        TestCorpus.writeConfig(
            dir.resolve("corpus"),
            Map.of("Ray", TestCorpus.RAY_MINI, "Hundred", TestCorpus.HUNDRED));
    CorpusSettings settings =
        CorpusSettings.builder(TestCorpus.SAMPLES, config)
            .searchWorkers(2)
            .logQueries(false)
            .build();
    try (Host host =
        Host.start(
            SamplePlugins.settings(dir.resolve("plugins")),
            JsonText.newMapper(),
            plugins -> CorpusWiring.tools(settings, plugins, null))) {
      List<Warmup.Call> calls = host.warmUpCalls().get();
      assertTrue(calls.size() <= 2 * 4, calls.toString()); // four a library at most
      assertEquals(
          2, calls.stream().filter(c -> c.tool().equals("fetch")).count(), calls.toString());
      assertTrue(
          calls.stream().filter(c -> c.tool().equals("search")).count() >= 4, calls.toString());
      for (Warmup.Call call : calls) {
        ToolResult result = host.invoker().call(call.tool(), call.arguments());
        assertInstanceOf(ToolResult.Success.class, result, call + " -> " + result);
      }
    }
  }
}
