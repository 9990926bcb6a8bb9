package org.corpusmcp.host.mcp;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** How tool JSON is written as text: two-space indentation, non-ASCII kept as is. */
public final class JsonText {
  private JsonText() {}

  /** The mapper every part of the host shares. */
  public static JsonMapper newMapper() {
    return JsonMapper.builder().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS).build();
  }

  public static String pretty(JsonMapper json, Object value) {
    return json.writerWithDefaultPrettyPrinter().writeValueAsString(value);
  }
}
