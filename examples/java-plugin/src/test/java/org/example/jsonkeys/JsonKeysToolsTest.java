package org.example.jsonkeys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;
import java.util.Map;
import org.corpusmcp.api.ToolArguments;
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.api.ToolSpec;
import org.corpusmcp.testkit.TestContexts;
import org.junit.jupiter.api.Test;

/** The tool, called as the host would call it, with a context from plugin-testkit. */
class JsonKeysToolsTest {

  private final ToolSpec keys =
      new JsonKeysTools().tools(TestContexts.of("jsonkeys", Map.of())).get(0);

  @Test
  void listsTopLevelKeysInDocumentOrder() {
    ToolResult result = keys.handler().call(ToolArguments.of(Map.of("json", "{\"b\":1,\"a\":{\"c\":2}}")));
    ToolResult.Success ok = assertInstanceOf(ToolResult.Success.class, result);
    assertEquals(Map.of("count", 2, "keys", List.of("b", "a")), ok.body());
  }

  @Test
  void brokenJsonIsATypedError() {
    ToolResult result = keys.handler().call(ToolArguments.of(Map.of("json", "{\"b\":")));
    assertEquals("invalid_json", assertInstanceOf(ToolResult.Failure.class, result).code());
  }
}
