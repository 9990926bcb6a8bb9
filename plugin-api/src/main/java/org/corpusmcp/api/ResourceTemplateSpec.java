package org.corpusmcp.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A family of resources named by a URI template, as a plugin declares it. Build with {@link
 * #builder(String, String)}.
 *
 * <p>Templates use RFC 6570's simple expressions only: {@code {name}} (letters, digits, {@code _})
 * stands for one non-empty path segment, so {@code docs://pages/{title}} matches {@code
 * docs://pages/Hoover_Dam} but not {@code docs://pages/a/b}. The reader gets each variable's value,
 * percent-decoded, in {@link ResourceRequest#variables()}, and returns an empty list for a URI that
 * matches but names nothing. A variable may have a {@link CompletionHandler}, which suggests values
 * while a user types one.
 *
 * <pre>{@code
 * ResourceTemplateSpec.builder("docs://pages/{title}", "page")
 *     .description("One page of the handbook, as Markdown")
 *     .mimeType("text/markdown")
 *     .reader(request -> pages.find(request.variable("title")))
 *     .complete("title", request -> pages.titlesStartingWith(request.value()))
 *     .build();
 * }</pre>
 */
public final class ResourceTemplateSpec {

  private final String uriTemplate;
  private final List<String> variables;
  private final String name;
  private final String title;
  private final @Nullable String description;
  private final @Nullable String mimeType;
  private final ResourceReader reader;
  private final Map<String, CompletionHandler> completions;

  private ResourceTemplateSpec(Builder b) {
    this.uriTemplate = b.uriTemplate;
    this.variables = b.variables;
    this.name = b.name;
    this.title = b.title == null ? b.name : b.title;
    this.description = b.description;
    this.mimeType = b.mimeType;
    this.reader = Objects.requireNonNull(b.reader, "reader is required");
    this.completions = Collections.unmodifiableMap(new LinkedHashMap<>(b.completions));
  }

  /**
   * Starts a template.
   *
   * @param uriTemplate an absolute URI with one or more {@code {name}} expressions
   * @param name a short identifier for the family; not blank
   */
  public static Builder builder(String uriTemplate, String name) {
    return new Builder(uriTemplate, name);
  }

  public String uriTemplate() {
    return uriTemplate;
  }

  /** The template's variable names, in the order they appear. */
  public List<String> variables() {
    return variables;
  }

  public String name() {
    return name;
  }

  /** A human-readable name; the template's name unless one was given. */
  public String title() {
    return title;
  }

  public @Nullable String description() {
    return description;
  }

  /** The type of every resource the template names, when they share one; else {@code null}. */
  public @Nullable String mimeType() {
    return mimeType;
  }

  public ResourceReader reader() {
    return reader;
  }

  /** The variables that have a completion handler, each with its handler, in the order given. */
  public Map<String, CompletionHandler> completions() {
    return completions;
  }

  public Builder toBuilder() {
    Builder b = new Builder(uriTemplate, name);
    b.title = title;
    b.description = description;
    b.mimeType = mimeType;
    b.reader = reader;
    b.completions.putAll(completions);
    return b;
  }

  @Override
  public String toString() {
    return "ResourceTemplateSpec[" + uriTemplate + "]";
  }

  /**
   * Collects a {@link ResourceTemplateSpec}; {@link #build()} checks that nothing required is
   * missing.
   */
  public static final class Builder {
    private final String uriTemplate;
    private final List<String> variables;
    private final String name;
    private @Nullable String title;
    private @Nullable String description;
    private @Nullable String mimeType;
    private @Nullable ResourceReader reader;
    private final Map<String, CompletionHandler> completions = new LinkedHashMap<>();

    private Builder(String uriTemplate, String name) {
      this.variables = ResourceUris.variablesOf(uriTemplate);
      this.uriTemplate = uriTemplate;
      this.name = ResourceUris.checkName(name);
    }

    public Builder title(String title) {
      this.title = Objects.requireNonNull(title, "title");
      return this;
    }

    public Builder description(@Nullable String description) {
      this.description = description;
      return this;
    }

    public Builder mimeType(@Nullable String mimeType) {
      this.mimeType = mimeType;
      return this;
    }

    public Builder reader(ResourceReader reader) {
      this.reader = Objects.requireNonNull(reader, "reader");
      return this;
    }

    /**
     * Suggests values for {@code variable} while a user types it; replaces an earlier handler.
     *
     * @throws IllegalArgumentException when the template has no such variable
     */
    public Builder complete(String variable, CompletionHandler handler) {
      if (!variables.contains(variable)) {
        throw new IllegalArgumentException(
            "URI template '" + uriTemplate + "' has no variable {" + variable + "}");
      }
      completions.put(variable, Objects.requireNonNull(handler, "handler"));
      return this;
    }

    /**
     * Builds the template from what was given.
     *
     * @throws NullPointerException when no reader was given
     */
    public ResourceTemplateSpec build() {
      return new ResourceTemplateSpec(this);
    }
  }
}
