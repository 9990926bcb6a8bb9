package org.corpusmcp.host.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.corpusmcp.api.ToolResult;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The error body clients of both seeds read (the corpus seed's {@code error} + {@code message}, the
 * Arch wiki seed's {@code code}), written out here by hand from those contracts.
 */
class ToolResultBodyTest {

  @Test
  void aFailureIsFlattenedWithItsCodeFirstAndItsDetailsAfter() {
    Map<String, @Nullable Object> details = new LinkedHashMap<>();
    details.put("available", List.of("a", "b"));
    details.put("hint", null);

    Map<String, @Nullable Object> body =
        ToolResultBody.of(ToolResult.error("page_not_found", "No such page: x", details));

    assertEquals(
        List.of("error", "code", "message", "available", "hint"), new ArrayList<>(body.keySet()));
    assertEquals("page_not_found", body.get("error"));
    assertEquals("page_not_found", body.get("code"));
    assertEquals("No such page: x", body.get("message"));
    assertEquals(List.of("a", "b"), body.get("available"));
  }

  @Test
  void aDetailCannotHideTheCodeOrTheMessage() {
    Map<String, @Nullable Object> body =
        ToolResultBody.of(
            ToolResult.error(
                "busy", "try again", Map.of("code", "other", "message", "x", "error", "y")));

    assertEquals(Map.of("error", "busy", "code", "busy", "message", "try again"), body);
  }

  @Test
  void aSuccessShowsItsOwnBody() {
    assertEquals(Map.of("echo", "ab"), ToolResultBody.of(ToolResult.success(Map.of("echo", "ab"))));
  }
}
