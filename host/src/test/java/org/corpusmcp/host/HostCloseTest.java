package org.corpusmcp.host;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.api.ToolSpec;
import org.corpusmcp.host.config.HostSettings;
import org.corpusmcp.host.mcp.JsonText;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The host owns the threads its tool calls run on: closing it ends them, so a command that ends (a
 * CLI call, a test, a serve that stops) leaves no idle handler threads behind.
 */
class HostCloseTest {

  @Test
  void closingTheHostEndsTheThreadsItsToolsRanOn(@TempDir Path dir) throws InterruptedException {
    AtomicReference<Thread> ranOn = new AtomicReference<>();
    ToolSpec where =
        ToolSpec.builder("where")
            .description("Notes the thread it runs on")
            .inputSchema("{\"type\":\"object\",\"properties\":{}}")
            .handler(
                arguments -> {
                  ranOn.set(Thread.currentThread());
                  return ToolResult.success(Map.of("ok", true));
                })
            .build();
    Host host =
        Host.start(
            new HostSettings(dir, Set.of(), Set.of(), Map.of(), Map.of()),
            JsonText.newMapper(),
            List.of(where));
    assertInstanceOf(ToolResult.Success.class, host.invoker().call("where", Map.of()));
    Thread handler = ranOn.get();
    assertNotNull(handler, "the handler ran");
    host.close();
    // an idle pool thread would otherwise wait out its keep-alive (a minute) before ending
    handler.join(5_000);
    assertFalse(handler.isAlive(), handler.getName() + " outlived the host");
  }
}
