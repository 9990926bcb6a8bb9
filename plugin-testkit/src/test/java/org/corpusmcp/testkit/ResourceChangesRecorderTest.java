package org.corpusmcp.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.corpusmcp.api.PluginContext;
import org.corpusmcp.api.ResourceChanges;
import org.corpusmcp.api.ToolArguments;
import org.corpusmcp.api.ToolProvider;
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.api.ToolSpec;
import org.junit.jupiter.api.Test;

/** A plugin author's test of a tool that edits a resource and says so, as the kit's docs show. */
class ResourceChangesRecorderTest {

  /** The tool under test, as a plugin would write it. */
  static final class NoteTools implements ToolProvider {
    final AtomicInteger edits = new AtomicInteger();

    @Override
    public List<ToolSpec> tools(PluginContext context) {
      ResourceChanges changes = context.resourceChanges();
      return List.of(
          ToolSpec.builder("edit_note")
              .description("Edits the note")
              .inputSchema("{\"type\":\"object\"}")
              .handler(
                  args -> {
                    edits.incrementAndGet();
                    changes.updated("notes://today");
                    return ToolResult.success(Map.of("edits", edits.get()));
                  })
              .build());
    }
  }

  @Test
  void recordsWhatThePluginReportedInOrder() {
    ResourceChangesRecorder changes = new ResourceChangesRecorder();
    PluginContext context = TestContexts.of("notes", Map.of(), changes);
    ToolSpec edit = new NoteTools().tools(context).get(0);

    assertEquals(List.of(), changes.uris(), "nothing before the first call");
    edit.handler().call(ToolArguments.of(Map.of()));
    edit.handler().call(ToolArguments.of(Map.of()));
    assertEquals(List.of("notes://today", "notes://today"), changes.uris());

    changes.clear();
    assertEquals(List.of(), changes.uris());
  }

  @Test
  void refusesABlankUriAsTheHostDoes() {
    ResourceChangesRecorder changes = new ResourceChangesRecorder();
    assertThrows(IllegalArgumentException.class, () -> changes.updated(" "));
    assertEquals(List.of(), changes.uris());
  }

  @Test
  void waitsForAChangeReportedFromAnotherThread() throws Exception {
    ResourceChangesRecorder changes = new ResourceChangesRecorder();
    assertFalse(changes.awaitUpdate("notes://today", Duration.ofMillis(50)));
    Thread plugin = new Thread(() -> changes.updated("notes://today"));
    plugin.start();
    assertTrue(changes.awaitUpdate("notes://today", Duration.ofSeconds(5)));
    plugin.join();
  }

  @Test
  void aContextWithoutARecorderStillTellsNoOne() {
    assertEquals(ResourceChanges.NONE, TestContexts.of("notes", Map.of()).resourceChanges());
  }
}
