package org.corpusmcp.api;

import java.util.Arrays;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One piece of what a resource read returns: text, or bytes (sent to the client in base64). Make
 * one with {@link #text} or {@link #blob}.
 *
 * <pre>{@code
 * ResourceContents.text("docs://pages/Hoover_Dam", "text/markdown", "# Hoover Dam\n...")
 * }</pre>
 */
public final class ResourceContents {

  private final String uri;
  private final @Nullable String mimeType;
  private final @Nullable String text;
  private final byte @Nullable [] blob;

  private ResourceContents(
      String uri, @Nullable String mimeType, @Nullable String text, byte @Nullable [] blob) {
    this.uri = Objects.requireNonNull(uri, "uri");
    this.mimeType = mimeType;
    this.text = text;
    this.blob = blob;
  }

  /**
   * Text contents.
   *
   * @param uri the URI these contents are of: usually the one that was read
   * @param mimeType for example {@code text/markdown}, or {@code null} when unknown
   */
  public static ResourceContents text(String uri, @Nullable String mimeType, String text) {
    return new ResourceContents(uri, mimeType, Objects.requireNonNull(text, "text"), null);
  }

  /**
   * Binary contents; {@code data} is copied.
   *
   * @param uri the URI these contents are of: usually the one that was read
   * @param mimeType for example {@code image/png}, or {@code null} when unknown
   */
  public static ResourceContents blob(String uri, @Nullable String mimeType, byte[] data) {
    return new ResourceContents(uri, mimeType, null, Objects.requireNonNull(data, "data").clone());
  }

  public String uri() {
    return uri;
  }

  public @Nullable String mimeType() {
    return mimeType;
  }

  /** True for {@link #text} contents, false for {@link #blob} contents. */
  public boolean isText() {
    return text != null;
  }

  /**
   * The text.
   *
   * @throws IllegalStateException when these are binary contents
   */
  public String text() {
    if (text == null) {
      throw new IllegalStateException("binary contents have no text; check isText() first");
    }
    return text;
  }

  /**
   * A copy of the bytes.
   *
   * @throws IllegalStateException when these are text contents
   */
  public byte[] blob() {
    if (blob == null) {
      throw new IllegalStateException("text contents have no bytes; check isText() first");
    }
    return blob.clone();
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof ResourceContents that
        && uri.equals(that.uri)
        && Objects.equals(mimeType, that.mimeType)
        && Objects.equals(text, that.text)
        && Arrays.equals(blob, that.blob);
  }

  @Override
  public int hashCode() {
    return Objects.hash(uri, mimeType, text, Arrays.hashCode(blob));
  }

  @Override
  public String toString() {
    return "ResourceContents["
        + uri
        + (text != null ? ", " + text.length() + " chars" : ", " + blob.length + " bytes")
        + "]";
  }
}
