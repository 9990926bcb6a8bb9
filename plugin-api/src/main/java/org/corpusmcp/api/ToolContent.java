package org.corpusmcp.api;

import java.util.Base64;
import java.util.Objects;

/**
 * One block of what a tool call shows the model: text, an image, audio, or a resource embedded
 * whole. Most tools need none of these: a {@link ToolResult#success} body reaches the client as
 * structured content and as the same JSON in text. A tool whose answer is a picture, a sound or a
 * document returns blocks instead ({@link ToolResult#content}), and those are what the client
 * shows.
 *
 * <pre>{@code
 * ToolResult.content(
 *     ToolContent.text("The logo:"),
 *     ToolContent.image(pngBytes, "image/png"))
 * }</pre>
 */
public sealed interface ToolContent
    permits ToolContent.Text, ToolContent.Image, ToolContent.Audio, ToolContent.Resource {

  /** A block of text, usually Markdown. */
  static ToolContent text(String text) {
    return new Text(text);
  }

  /**
   * An image.
   *
   * @param mimeType for example {@code image/png}
   */
  static ToolContent image(byte[] data, String mimeType) {
    return new Image(Base64.getEncoder().encodeToString(data), mimeType);
  }

  /**
   * A sound.
   *
   * @param mimeType for example {@code audio/wav}
   */
  static ToolContent audio(byte[] data, String mimeType) {
    return new Audio(Base64.getEncoder().encodeToString(data), mimeType);
  }

  /** A resource's contents, embedded whole: text or bytes, with the URI they are of. */
  static ToolContent resource(ResourceContents contents) {
    return new Resource(contents);
  }

  /** Text. */
  record Text(String text) implements ToolContent {
    public Text {
      Objects.requireNonNull(text, "text");
    }
  }

  /** An image, its bytes in base64 as MCP carries them. */
  record Image(String base64, String mimeType) implements ToolContent {
    public Image {
      Objects.requireNonNull(base64, "base64");
      Objects.requireNonNull(mimeType, "mimeType");
    }
  }

  /** Audio, its bytes in base64 as MCP carries them. */
  record Audio(String base64, String mimeType) implements ToolContent {
    public Audio {
      Objects.requireNonNull(base64, "base64");
      Objects.requireNonNull(mimeType, "mimeType");
    }
  }

  /** An embedded resource. */
  record Resource(ResourceContents contents) implements ToolContent {
    public Resource {
      Objects.requireNonNull(contents, "contents");
    }
  }
}
