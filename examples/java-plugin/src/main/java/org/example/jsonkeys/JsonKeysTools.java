package org.example.jsonkeys;

import java.util.List;
import java.util.Map;
import org.corpusmcp.api.PluginContext;
import org.corpusmcp.api.PluginJson;
import org.corpusmcp.api.PluginJsonException;
import org.corpusmcp.api.ToolHints;
import org.corpusmcp.api.ToolProvider;
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.api.ToolSpec;
import org.pf4j.Extension;

/**
 * One tool, {@code jsonkeys_keys}: the top-level keys of a JSON object given as text. It shows the
 * parts of plugin-api a Java plugin uses: a spec with schemas and hints, typed arguments, the
 * host's JSON lent through the context (so the plugin bundles no JSON library), and a typed error
 * the caller can act on instead of an exception.
 */
@Extension
public final class JsonKeysTools implements ToolProvider {

  @Override
  public String defaultToolPrefix() {
    return "jsonkeys_";
  }

  @Override
  public List<ToolSpec> tools(PluginContext context) {
    PluginJson json = context.json();
    return List.of(ToolSpec.builder("keys")
        .title("List JSON keys")
        .description("Lists the top-level keys of a JSON object, in document order.")
        .inputSchema("""
            {"type":"object",
             "properties":{
               "json":{"type":"string","minLength":1,"description":"A JSON object, as text"},
               "limit":{"type":"integer","minimum":1,"maximum":100,"default":20,
                        "description":"How many keys to list at most"}},
             "required":["json"],"additionalProperties":false}""")
        .outputSchema("""
            {"type":"object",
             "properties":{"count":{"type":"integer"},"keys":{"type":"array","items":{"type":"string"}}},
             "required":["count","keys"]}""")
        .hints(ToolHints.localLookup())
        .handler(args -> {
          Map<String, ?> object;
          try {
            object = json.parseObject(args.string("json"));
          } catch (PluginJsonException e) {
            return ToolResult.error("invalid_json", e.getMessage());
          }
          List<String> keys = object.keySet().stream().limit(args.integer("limit", 20)).toList();
          return ToolResult.success(Map.of("count", object.size(), "keys", keys));
        })
        .build());
  }
}
