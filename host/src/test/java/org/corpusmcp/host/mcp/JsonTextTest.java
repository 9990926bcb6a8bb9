package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The layout of a tool's text block, written out by hand: the corpus's fetch budget measures
 * replies by these rules without writing them (corpus's PrettyJsonSize), so a change here must be a
 * change there too.
 */
class JsonTextTest {

  @Test
  void membersOnTheirOwnLinesArraysOnOneEscapesOnlyWhatJsonNeeds() {
    Map<String, Object> section = new LinkedHashMap<>();
    section.put("id", "Early_life");
    section.put("level", 2);
    Map<String, Object> reply = new LinkedHashMap<>();
    reply.put("title", "Caf\u00e9 \"Ray\"\n\tback\\slash/\u0001");
    reply.put("sections", List.of(section, Map.of()));
    reply.put("omitted", List.of("a", "b"));
    reply.put("none", List.of());
    reply.put("truncated", true);
    assertEquals(
        """
        {
          "title" : "Caf\u00e9 \\"Ray\\"\\n\\tback\\\\slash/\\u0001",
          "sections" : [ {
            "id" : "Early_life",
            "level" : 2
          }, { } ],
          "omitted" : [ "a", "b" ],
          "none" : [ ],
          "truncated" : true
        }""",
        JsonText.pretty(JsonText.newMapper(), reply));
  }

  /** Jackson 3 refused to write the SDK's elicitation request at all (type id 'mode' twice). */
  @Test
  void anElicitationRequestIsWrittenWithItsModeOnceAndReadBack() {
    tools.jackson.databind.json.JsonMapper json = JsonText.newMapper();
    io.modelcontextprotocol.spec.McpSchema.ElicitRequest request =
        io.modelcontextprotocol.spec.McpSchema.ElicitFormRequest.builder(
                "Your name?", Map.of("type", "object"))
            .build();
    String written = json.writeValueAsString(request);
    assertEquals(
        json.readTree(
            "{\"message\":\"Your name?\",\"requestedSchema\":{\"type\":\"object\"},\"mode\":\"form\"}"),
        json.readTree(written));
    assertEquals(
        request,
        json.readValue(
            "{\"message\":\"Your name?\",\"requestedSchema\":{\"type\":\"object\"}}",
            io.modelcontextprotocol.spec.McpSchema.ElicitRequest.class));
  }
}
