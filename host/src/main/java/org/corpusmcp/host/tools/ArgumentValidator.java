package org.corpusmcp.host.tools;

import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.corpusmcp.host.plugins.RegisteredTool;
import org.jspecify.annotations.Nullable;

/**
 * Checks a call's arguments against the tool's input schema before the handler runs, and fills in
 * schema defaults.
 *
 * <p>The common mistakes an agent makes (a misspelt argument, a missing one, a number sent as a
 * string, an empty string) get a sentence that names the argument and, for a misspelling, the
 * argument it probably meant, because a model corrects itself from such a message in one step.
 * Whatever these top-level checks do not cover goes to the full JSON Schema 2020-12 validator,
 * which stays the final authority.
 */
public final class ArgumentValidator {

  private final JsonSchemaValidator schemaValidator;

  public ArgumentValidator(JsonSchemaValidator schemaValidator) {
    this.schemaValidator = schemaValidator;
  }

  /** The outcome: either the arguments with defaults applied, or why they were refused. */
  public sealed interface Outcome permits Valid, Invalid {}

  /** Arguments that passed, with schema defaults filled in. */
  public record Valid(Map<String, @Nullable Object> arguments) implements Outcome {}

  /** Arguments that did not pass, and the sentence saying why. */
  public record Invalid(String message) implements Outcome {}

  /** Validates {@code arguments} (null means none were sent) for {@code tool}. */
  public Outcome validate(RegisteredTool tool, @Nullable Map<String, @Nullable Object> arguments) {
    Map<String, @Nullable Object> args =
        arguments == null ? new LinkedHashMap<>() : new LinkedHashMap<>(arguments);
    Map<String, Object> schema = tool.inputSchema();
    Map<String, Map<String, Object>> properties = properties(schema);
    String name = tool.name();

    if (Boolean.FALSE.equals(schema.get("additionalProperties"))) {
      List<String> unknown = new ArrayList<>();
      for (String key : args.keySet()) {
        if (!properties.containsKey(key)) {
          unknown.add(key);
        }
      }
      if (!unknown.isEmpty()) {
        return new Invalid(unknownMessage(name, unknown, properties.keySet()));
      }
    }
    for (String required : requiredOf(schema)) {
      if (!args.containsKey(required) || args.get(required) == null) {
        Map<String, Object> property = properties.getOrDefault(required, Map.of());
        return new Invalid(
            "tool '"
                + name
                + "' is missing required argument '"
                + required
                + "'"
                + describe(property));
      }
    }
    for (Map.Entry<String, @Nullable Object> entry : args.entrySet()) {
      Map<String, Object> property = properties.get(entry.getKey());
      if (property != null) {
        String problem = checkValue(entry.getKey(), entry.getValue(), property);
        if (problem != null) {
          return new Invalid("tool '" + name + "': " + problem);
        }
      }
    }
    JsonSchemaValidator.ValidationResponse full = schemaValidator.validate(schema, args);
    if (!full.valid()) {
      return new Invalid(
          "tool '" + name + "': arguments do not match its input schema: " + full.errorMessage());
    }
    for (Map.Entry<String, Map<String, Object>> entry : properties.entrySet()) {
      if (!args.containsKey(entry.getKey()) && entry.getValue().containsKey("default")) {
        args.put(entry.getKey(), entry.getValue().get("default"));
      }
    }
    return new Valid(args);
  }

  private static @Nullable String checkValue(
      String key, @Nullable Object value, Map<String, Object> property) {
    Object type = property.get("type");
    if (value == null) {
      return type == null || "null".equals(type) ? null : "argument '" + key + "' must not be null";
    }
    if (type instanceof String expected && !hasType(value, expected)) {
      return "argument '"
          + key
          + "' must be "
          + article(expected)
          + ", got "
          + jsonTypeOf(value)
          + (value instanceof String s && looksNumeric(s) && isNumeric(expected)
              ? " (send the number without quotes)"
              : "");
    }
    if (value instanceof String s) {
      Number minLength = number(property.get("minLength"));
      if (minLength != null && s.codePointCount(0, s.length()) < minLength.longValue()) {
        return "argument '" + key + "' must be at least " + minLength + " character(s) long";
      }
      Number maxLength = number(property.get("maxLength"));
      if (maxLength != null && s.codePointCount(0, s.length()) > maxLength.longValue()) {
        return "argument '" + key + "' must be at most " + maxLength + " characters long";
      }
      if (property.get("pattern") instanceof String regex) {
        try {
          if (!Pattern.compile(regex).matcher(s).find()) {
            return "\\S".equals(regex)
                ? "argument '" + key + "' must contain a non-whitespace character"
                : "argument '" + key + "' must match the pattern " + regex;
          }
        } catch (PatternSyntaxException e) {
          return null; // left to the full validator, which knows ECMA-262 dialect details
        }
      }
    }
    if (value instanceof Number n) {
      Number min = number(property.get("minimum"));
      if (min != null && n.doubleValue() < min.doubleValue()) {
        return "argument '" + key + "' must be >= " + min + ", got " + n;
      }
      Number max = number(property.get("maximum"));
      if (max != null && n.doubleValue() > max.doubleValue()) {
        return "argument '" + key + "' must be <= " + max + ", got " + n;
      }
    }
    if (property.get("enum") instanceof List<?> allowed && !allowed.contains(value)) {
      return "argument '" + key + "' must be one of " + allowed + ", got " + value;
    }
    return null;
  }

  private static boolean hasType(Object value, String type) {
    return switch (type) {
      case "string" -> value instanceof String;
      case "integer" -> value instanceof Number n && !(value instanceof Boolean) && isIntegral(n);
      case "number" -> value instanceof Number;
      case "boolean" -> value instanceof Boolean;
      case "array" -> value instanceof List<?>;
      case "object" -> value instanceof Map<?, ?>;
      default -> true;
    };
  }

  private static boolean isIntegral(Number n) {
    double d = n.doubleValue();
    return !Double.isInfinite(d) && d == Math.rint(d);
  }

  private static String jsonTypeOf(Object value) {
    if (value instanceof String s) {
      return "the string \"" + abbreviate(s) + "\"";
    }
    if (value instanceof Boolean b) {
      return "the boolean " + b;
    }
    if (value instanceof Number n) {
      return "the number " + n;
    }
    if (value instanceof List<?>) {
      return "an array";
    }
    if (value instanceof Map<?, ?>) {
      return "an object";
    }
    return value.getClass().getSimpleName();
  }

  private static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 37) + "...";
  }

  private static boolean looksNumeric(String s) {
    return s.trim().matches("[-+]?\\d+(\\.\\d+)?");
  }

  private static boolean isNumeric(String type) {
    return type.equals("integer") || type.equals("number");
  }

  private static String article(String type) {
    return switch (type) {
      case "integer", "array", "object" -> "an " + type;
      default -> "a " + type;
    };
  }

  private static String describe(Map<String, Object> property) {
    StringBuilder out = new StringBuilder();
    if (property.get("type") instanceof String type) {
      out.append(" (").append(type).append(')');
    }
    if (property.get("description") instanceof String description) {
      out.append(": ").append(description);
    }
    return out.toString();
  }

  private static String unknownMessage(
      String tool, List<String> unknown, java.util.Set<String> accepted) {
    StringBuilder out = new StringBuilder("tool '").append(tool).append("' got unknown argument");
    out.append(unknown.size() == 1 ? " " : "s ");
    for (int i = 0; i < unknown.size(); i++) {
      String key = unknown.get(i);
      out.append(i == 0 ? "" : ", ").append('\'').append(key).append('\'');
      out.append(NearestName.hint(key, accepted));
    }
    out.append(
        accepted.isEmpty()
            ? "; it takes no arguments"
            : "; it accepts: " + String.join(", ", accepted));
    return out.toString();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Map<String, Object>> properties(Map<String, Object> schema) {
    Object properties = schema.get("properties");
    if (!(properties instanceof Map<?, ?> map)) {
      return Map.of();
    }
    Map<String, Map<String, Object>> out = new LinkedHashMap<>();
    map.forEach(
        (k, v) ->
            out.put(
                String.valueOf(k), v instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of()));
    return out;
  }

  private static List<String> requiredOf(Map<String, Object> schema) {
    if (schema.get("required") instanceof List<?> list) {
      return list.stream().map(String::valueOf).toList();
    }
    return List.of();
  }

  private static @Nullable Number number(@Nullable Object value) {
    return value instanceof Number n ? n : null;
  }
}
