package org.corpusmcp.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
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
}
