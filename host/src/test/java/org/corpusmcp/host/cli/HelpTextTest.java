package org.corpusmcp.host.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A parent's command list shows only the first element of each subcommand's description, and every
 * element is printed as its own paragraph: a sentence split across elements is cut mid-way
 * ("…report its metadata and every"). So every command's first element is a whole sentence, and no
 * element of ours, a command's or an option's, ends mid-sentence.
 */
class HelpTextTest {

  /** picocli's own commands, whose texts are not ours to phrase. */
  private static final List<String> BUILT_IN = List.of("help", "generate-completion");

  @Test
  void everySummaryIsAWholeSentenceAndNoDescriptionStopsMidSentence() {
    List<String> faults = new ArrayList<>();
    walk(new CommandLine(new CorpusMcpCommand()).getCommandSpec(), faults);
    assertEquals(List.of(), faults);
  }

  private static void walk(CommandSpec spec, List<String> faults) {
    String name = spec.qualifiedName();
    String[] description = spec.usageMessage().description();
    if (description.length == 0 || !description[0].strip().endsWith(".")) {
      faults.add(name + ": summary is not a sentence: " + List.of(description));
    }
    if (!BUILT_IN.contains(spec.name())) {
      for (String element : description) {
        if (!endsSentence(element)) {
          faults.add(name + ": description stops mid-sentence: '" + element + "'");
        }
      }
      for (OptionSpec option : spec.options()) {
        for (String element : option.description()) {
          if (!endsSentence(element)) {
            faults.add(
                name + " " + option.longestName() + ": stops mid-sentence: '" + element + "'");
          }
        }
      }
    }
    for (Map.Entry<String, CommandLine> sub : spec.subcommands().entrySet()) {
      walk(sub.getValue().getCommandSpec(), faults);
    }
  }

  private static boolean endsSentence(String element) {
    String text = element.strip();
    return text.endsWith(".") || text.endsWith(".)");
  }

  /** The two lists the issue quoted, now whole: each summary runs to its full stop. */
  @Test
  void corpusAndZimListTheirSubcommandsWithWholeSentences() {
    String corpus = words(CommandLineTest.run(Map.of(), "corpus", "--help").out());
    assertTrue(
        corpus.contains(
            "validate Open every archive and report its metadata and structural faults as JSON."
                + " index Build the sidecar indexes search reads: article text, and the text of"
                + " links."),
        corpus);
    String zim = words(CommandLineTest.run(Map.of(), "zim", "--help").out());
    assertTrue(
        zim.contains(
            "cat Print one entry (redirects followed) as JSON, or its bytes alone with --raw."
                + " search "),
        zim);
  }

  /** The help text with its wrapping undone. */
  private static String words(String text) {
    return text.strip().replaceAll("\\s+", " ");
  }
}
