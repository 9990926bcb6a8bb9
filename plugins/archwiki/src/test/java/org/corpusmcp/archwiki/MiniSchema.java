package org.corpusmcp.archwiki;

import static org.corpusmcp.testkit.TestContexts.json;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.corpusmcp.archwiki.json.JsonTree;

/**
 * The subset of JSON Schema the output schemas use (type, properties, required, items, minItems,
 * enum, const, pattern, additionalProperties as a schema), enough to check every result in tests.
 * The host's own validator is the real one; this catches a schema and a payload drifting apart.
 */
final class MiniSchema {

  private MiniSchema() {}

  static List<String> validate(String schemaJson, Object value) {
    List<String> errors = new ArrayList<>();
    check(
        JsonTree.object(json().parse(schemaJson)), json().parse(json().write(value)), "$", errors);
    return errors;
  }

  @SuppressWarnings("unchecked")
  private static void check(
      Map<String, Object> schema, Object v, String path, List<String> errors) {
    Object type = schema.get("type");
    if (type != null) {
      List<Object> types = type instanceof List<?> l ? (List<Object>) l : List.of(type);
      if (types.stream().noneMatch(t -> is((String) t, v))) {
        errors.add(path + ": expected " + types + ", got " + json().write(v));
        return;
      }
    }
    if (schema.containsKey("const") && !schema.get("const").equals(v)) {
      errors.add(path + ": expected const " + schema.get("const"));
    }
    if (schema.get("enum") instanceof List<?> values && !values.contains(v)) {
      errors.add(path + ": " + json().write(v) + " not in " + values);
    }
    if (schema.get("pattern") instanceof String p
        && v instanceof String s
        && !Pattern.compile(p).matcher(s).find()) {
      errors.add(path + ": " + s + " does not match " + p);
    }
    if (v instanceof Map<?, ?> m) {
      for (Object r : (List<Object>) schema.getOrDefault("required", List.of())) {
        if (!m.containsKey(r)) {
          errors.add(path + ": missing " + r);
        }
      }
      Map<String, Object> props = (Map<String, Object>) schema.getOrDefault("properties", Map.of());
      for (Map.Entry<?, ?> e : m.entrySet()) {
        Object sub = props.get(e.getKey());
        if (sub == null) {
          sub = schema.get("additionalProperties") instanceof Map<?, ?> ap ? ap : null;
        }
        if (sub != null) {
          check((Map<String, Object>) sub, e.getValue(), path + "." + e.getKey(), errors);
        }
      }
    }
    if (v instanceof List<?> list) {
      if (schema.get("minItems") instanceof Long min && list.size() < min) {
        errors.add(path + ": fewer than " + min + " items");
      }
      if (schema.get("items") instanceof Map<?, ?> items) {
        for (int i = 0; i < list.size(); i++) {
          check((Map<String, Object>) items, list.get(i), path + "[" + i + "]", errors);
        }
      }
    }
  }

  private static boolean is(String type, Object v) {
    return switch (type) {
      case "object" -> v instanceof Map;
      case "array" -> v instanceof List;
      case "string" -> v instanceof String;
      case "integer" -> v instanceof Long;
      case "number" -> v instanceof Number;
      case "boolean" -> v instanceof Boolean;
      case "null" -> v == null;
      default -> throw new IllegalArgumentException(type);
    };
  }
}
