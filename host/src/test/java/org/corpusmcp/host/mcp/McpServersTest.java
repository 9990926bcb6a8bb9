package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The schema validator warmed at start-up: its warm-up schema is one the JSON Schema 2020-12
 * meta-schema accepts (an invalid one would stop the check early and load less), and a schema the
 * meta-schema refuses is answered as invalid rather than thrown, which is why the warm-up needs no
 * catch.
 */
class McpServersTest {

  private static final JsonSchemaValidator VALIDATOR =
      McpServers.warmSchemaValidator(JsonText.newMapper());

  @Test
  void theWarmUpSchemaIsValid() {
    JsonSchemaValidator.ValidationResponse answer =
        VALIDATOR.validateSchema(McpServers.WARM_UP_SCHEMA);
    assertTrue(answer.valid(), answer.errorMessage());
  }

  @Test
  void anInvalidSchemaIsAnsweredNotThrown() {
    // "type" must be a string or an array of them (2020-12 validation vocabulary, 6.1.1)
    assertFalse(VALIDATOR.validateSchema(Map.of("type", 5)).valid());
  }
}
