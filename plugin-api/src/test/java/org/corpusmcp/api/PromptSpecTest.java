package org.corpusmcp.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PromptSpecTest {

  @Test
  void namesFollowTheToolNameRule() {
    for (String ok : List.of("arch-wiki-usage", "a", "A_b-9", "x".repeat(64))) {
      assertEquals(
          ok,
          PromptSpec.builder(ok).description("d").message(PromptMessage.user("t")).build().name());
    }
    for (String bad : List.of("", "arch.wiki", "has space", "slash/name", "x".repeat(65), "é")) {
      assertThrows(IllegalArgumentException.class, () -> PromptSpec.builder(bad), bad);
    }
  }

  @Test
  void descriptionAndAtLeastOneMessageAreRequired() {
    assertThrows(
        NullPointerException.class,
        () -> PromptSpec.builder("p").message(PromptMessage.user("t")).build());
    assertThrows(
        IllegalStateException.class, () -> PromptSpec.builder("p").description("d").build());
    assertThrows(IllegalArgumentException.class, () -> PromptMessage.user(" \n"));
  }

  @Test
  void titleDefaultsToTheNameAndMessagesKeepTheirOrder() {
    PromptSpec spec =
        PromptSpec.builder("p")
            .description("d")
            .message(PromptMessage.user("first"))
            .message(PromptMessage.assistant("second"))
            .build();
    assertEquals("p", spec.title());
    assertEquals(
        List.of(
            new PromptMessage(PromptMessage.Role.USER, "first"),
            new PromptMessage(PromptMessage.Role.ASSISTANT, "second")),
        spec.messages());
    assertEquals("Usage", spec.toBuilder().title("Usage").build().title());
  }

  @Test
  void aBuiltSpecIsNotChangedThroughItsBuilderOrInputs() {
    List<PromptMessage> input = new ArrayList<>(List.of(PromptMessage.user("a")));
    PromptSpec.Builder builder = PromptSpec.builder("p").description("d").messages(input);
    PromptSpec spec = builder.build();
    input.add(PromptMessage.user("b"));
    builder.message(PromptMessage.user("c"));
    assertEquals(1, spec.messages().size());
    assertThrows(
        UnsupportedOperationException.class, () -> spec.messages().add(PromptMessage.user("x")));
  }

  @Test
  void aHandlerWritesMessagesFromTheDeclaredArguments() {
    PromptSpec spec =
        PromptSpec.builder("summarise")
            .description("d")
            .argument(PromptArgument.required("title", "The page"))
            .argument(PromptArgument.optional("tone", null))
            .handler(r -> List.of(PromptMessage.user("Summarise " + r.string("title"))))
            .complete("title", c -> List.of(c.value() + "!"))
            .build();
    assertEquals(
        List.of(
            new PromptArgument("title", "The page", true), new PromptArgument("tone", null, false)),
        spec.arguments());
    assertEquals(List.of(), spec.messages());
    assertEquals(
        List.of(PromptMessage.user("Summarise Alps")),
        spec.handler().render(PromptRequest.of(Map.of("title", "Alps"))));
    assertEquals(
        List.of("A!"),
        spec.completions().get("title").complete(new CompletionRequest("title", "A", Map.of())));
    assertEquals(spec.arguments(), spec.toBuilder().build().arguments());
  }

  @Test
  void aFixedPromptAnswersWithItsMessages() {
    PromptSpec spec =
        PromptSpec.builder("p").description("d").message(PromptMessage.user("t")).build();
    assertEquals(
        List.of(PromptMessage.user("t")), spec.handler().render(PromptRequest.of(Map.of())));
  }

  @Test
  void messagesAndAHandlerExcludeEachOtherAndCompletionsNeedADeclaredArgument() {
    assertThrows(
        IllegalStateException.class,
        () ->
            PromptSpec.builder("p")
                .description("d")
                .message(PromptMessage.user("t"))
                .handler(r -> List.of())
                .build());
    assertThrows(
        IllegalStateException.class,
        () ->
            PromptSpec.builder("p")
                .description("d")
                .handler(r -> List.of())
                .complete("title", c -> List.of())
                .build());
    assertThrows(IllegalArgumentException.class, () -> PromptArgument.required("a b", null));
  }

  @Test
  void messagesCarryImagesAndResourcesAndTextStaysReadable() {
    PromptMessage image = PromptMessage.user(ToolContent.image(new byte[] {1, 2, 3}, "image/png"));
    assertEquals(new ToolContent.Image("AQID", "image/png"), image.content());
    assertThrows(IllegalStateException.class, image::text);
    assertEquals("t", new PromptMessage(PromptMessage.Role.ASSISTANT, "t").text());
    assertEquals(PromptMessage.assistant(ToolContent.text("t")), PromptMessage.assistant("t"));
    assertThrows(IllegalArgumentException.class, () -> PromptMessage.user(ToolContent.text(" ")));
  }

  @Test
  void aRequestSaysWhichArgumentAHandlerReadWrongly() {
    PromptRequest request = PromptRequest.of(Map.of("title", "Alps"));
    assertEquals("Alps", request.string("title"));
    assertEquals(null, request.optionalString("tone"));
    IllegalStateException missing =
        assertThrows(IllegalStateException.class, () -> request.string("tone"));
    assertTrue(missing.getMessage().contains("'tone'"), missing.getMessage());
  }
}
