package org.corpusmcp.api;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The rules resource URIs and URI templates follow, checked when a spec is built. */
final class ResourceUris {

  /**
   * A template expression the host can match: RFC 6570's simple {@code {name}}, which stands for
   * one path segment. Operators ({@code {+path}}, {@code {?query}}) and lists are not matched.
   */
  static final Pattern EXPRESSION = Pattern.compile("\\{([A-Za-z0-9_]+)\\}");

  private ResourceUris() {}

  /** {@code uri}, when it is an absolute URI (it has a scheme). */
  static String checkUri(String uri) {
    Objects.requireNonNull(uri, "uri");
    try {
      if (new URI(uri).getScheme() != null) {
        return uri;
      }
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("resource URI '" + uri + "' is not a URI", e);
    }
    throw new IllegalArgumentException(
        "resource URI '" + uri + "' must be absolute, with a scheme such as docs://");
  }

  /** The variable names of {@code template}, in order, when it is a template the host can match. */
  static List<String> variablesOf(String template) {
    Objects.requireNonNull(template, "uriTemplate");
    List<String> names = new ArrayList<>();
    Matcher m = EXPRESSION.matcher(template);
    StringBuilder literal = new StringBuilder();
    int from = 0;
    while (m.find()) {
      // each expression stands for one sample segment, so the rest can be checked as a URI
      literal.append(template, from, m.start()).append('x');
      if (names.contains(m.group(1))) {
        throw new IllegalArgumentException(
            "URI template '" + template + "' uses {" + m.group(1) + "} twice");
      }
      names.add(m.group(1));
      from = m.end();
    }
    literal.append(template.substring(from));
    if (names.isEmpty()) {
      throw new IllegalArgumentException(
          "URI template '" + template + "' has no {variable}; declare it as a ResourceSpec");
    }
    if (literal.indexOf("{") >= 0 || literal.indexOf("}") >= 0) {
      throw new IllegalArgumentException(
          "URI template '"
              + template
              + "' may only use simple {name} expressions (letters, digits, _)");
    }
    checkUri(literal.toString());
    return List.copyOf(names);
  }

  static String checkName(String name) {
    Objects.requireNonNull(name, "name");
    if (name.isBlank()) {
      throw new IllegalArgumentException("resource name must not be blank");
    }
    return name;
  }
}
