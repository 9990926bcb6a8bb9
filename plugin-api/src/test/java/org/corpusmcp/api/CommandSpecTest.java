package org.corpusmcp.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CommandSpecTest {

  @Test
  void aCommandRunsItsHandlerWithTheArguments() {
    CommandSpec spec =
        new CommandSpec(
            "record",
            "TITLE... [--force]",
            "Record fixtures.",
            (args, out, err) -> {
              out.print(String.join(",", args));
              return args.contains("--force") ? 0 : 1;
            });
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    assertEquals(0, spec.handler().run(List.of("GRUB", "--force"), out, System.err));
    assertEquals("GRUB,--force", bytes.toString(StandardCharsets.UTF_8));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "Record", "record_all", "-record", "record-", "re cord"})
  void namesAreLowercaseHyphenatedWords(String name) {
    assertThrows(
        IllegalArgumentException.class,
        () -> new CommandSpec(name, "", "x", (args, out, err) -> 0));
  }

  @Test
  void hyphenatedNamesAreAccepted() {
    assertEquals("rebuild-index", new CommandSpec("rebuild-index", "", "x", (a, o, e) -> 0).name());
  }
}
