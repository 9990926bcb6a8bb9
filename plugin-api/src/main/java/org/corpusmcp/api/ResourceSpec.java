package org.corpusmcp.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One resource with a fixed URI, as a plugin declares it. Build with {@link #builder(String,
 * String)}.
 *
 * <pre>{@code
 * ResourceSpec.builder("archwiki://policy", "policy")
 *     .title("Citation policy")
 *     .description("How answers must cite the wiki")
 *     .mimeType("text/markdown")
 *     .reader(request -> List.of(ResourceContents.text(request.uri(), "text/markdown", POLICY)))
 *     .build();
 * }</pre>
 */
public final class ResourceSpec {

  private final String uri;
  private final String name;
  private final String title;
  private final @Nullable String description;
  private final @Nullable String mimeType;
  private final ResourceReader reader;

  private ResourceSpec(Builder b) {
    this.uri = b.uri;
    this.name = b.name;
    this.title = b.title == null ? b.name : b.title;
    this.description = b.description;
    this.mimeType = b.mimeType;
    this.reader = Objects.requireNonNull(b.reader, "reader is required");
  }

  /**
   * Starts a resource.
   *
   * @param uri an absolute URI, served as given (the host adds no prefix)
   * @param name a short identifier for the resource; not blank
   */
  public static Builder builder(String uri, String name) {
    return new Builder(uri, name);
  }

  public String uri() {
    return uri;
  }

  public String name() {
    return name;
  }

  /** A human-readable name; the resource's name unless one was given. */
  public String title() {
    return title;
  }

  public @Nullable String description() {
    return description;
  }

  public @Nullable String mimeType() {
    return mimeType;
  }

  public ResourceReader reader() {
    return reader;
  }

  public Builder toBuilder() {
    Builder b = new Builder(uri, name);
    b.title = title;
    b.description = description;
    b.mimeType = mimeType;
    b.reader = reader;
    return b;
  }

  @Override
  public String toString() {
    return "ResourceSpec[" + uri + "]";
  }

  /** Collects a {@link ResourceSpec}; {@link #build()} checks that nothing required is missing. */
  public static final class Builder {
    private final String uri;
    private final String name;
    private @Nullable String title;
    private @Nullable String description;
    private @Nullable String mimeType;
    private @Nullable ResourceReader reader;

    private Builder(String uri, String name) {
      this.uri = ResourceUris.checkUri(uri);
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
     * Builds the resource from what was given.
     *
     * @throws NullPointerException when no reader was given
     */
    public ResourceSpec build() {
      return new ResourceSpec(this);
    }
  }
}
