package org.corpusmcp.host.cli;

import java.util.Map;
import java.util.concurrent.Callable;
import org.corpusmcp.api.ToolResult;
import org.corpusmcp.host.Host;
import org.corpusmcp.host.mcp.JsonText;
import org.corpusmcp.host.tools.ToolResultBody;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;

/** {@code corpus-mcp call <tool> '<json-args>'}: one tool call from a shell. */
@Command(
    name = "call",
    mixinStandardHelpOptions = true,
    description = {
      "Call one tool exactly as an MCP client would, and print its JSON result on stdout.",
      "A tool error prints the error JSON on stderr and exits 1."
    })
final class CallCommand implements Callable<Integer> {

  @ParentCommand CorpusMcpCommand root;

  @Spec CommandLine.Model.CommandSpec spec;

  @Mixin HostOptions options = new HostOptions();

  @Parameters(index = "0", paramLabel = "TOOL", description = "Tool name, as `tools` lists it.")
  String tool;

  @Parameters(
      index = "1",
      arity = "0..1",
      paramLabel = "JSON",
      description = "Arguments as a JSON object (default {}).")
  @Nullable String arguments;

  @Override
  public Integer call() {
    Map<String, @Nullable Object> args;
    try {
      args =
          arguments == null || arguments.isBlank()
              ? Map.of()
              : root.json()
                  .readValue(arguments, new TypeReference<Map<String, @Nullable Object>>() {});
    } catch (JacksonException e) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "JSON arguments must be one JSON object, e.g. '{\"query\":\"pacman\"}': "
              + e.getOriginalMessage());
    }
    if (args == null) {
      args = Map.of();
    }
    try (Host host = root.startHost(options)) {
      return print(root, host.invoker().call(tool, args));
    }
  }

  /** Prints a tool's result the way every CLI tool call does; returns the exit status. */
  static int print(CorpusMcpCommand root, ToolResult result) {
    String text = JsonText.pretty(root.json(), ToolResultBody.of(result));
    if (result instanceof ToolResult.Failure) {
      root.err().println(text);
      return CorpusMcpCommand.EXIT_FAILED;
    }
    root.out().println(text);
    return 0;
  }
}
