package org.corpusmcp.host.mcp;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.modelcontextprotocol.spec.McpSchema;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** How tool JSON is written as text: two-space indentation, non-ASCII kept as is. */
public final class JsonText {
  private JsonText() {}

  /**
   * The SDK's elicitation request names its kind twice for Jackson, as a type id and as its own
   * {@code mode} property; Jackson 3 refuses to write such a type ("Conflict between type id
   * property 'mode' and bean property"), so no elicitation could be sent. The id is the existing
   * property instead, as Jackson advises; reading is unchanged ({@code form} when absent).
   */
  @JsonTypeInfo(
      use = JsonTypeInfo.Id.NAME,
      include = JsonTypeInfo.As.EXISTING_PROPERTY,
      property = "mode",
      visible = true,
      defaultImpl = McpSchema.ElicitFormRequest.class)
  private interface ElicitationModeOnce {}

  /** The mapper every part of the host shares. */
  public static JsonMapper newMapper() {
    return JsonMapper.builder()
        .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
        .addMixIn(McpSchema.ElicitRequest.class, ElicitationModeOnce.class)
        .build();
  }

  public static String pretty(JsonMapper json, Object value) {
    return json.writerWithDefaultPrettyPrinter().writeValueAsString(value);
  }
}
