package org.corpusmcp.zimtool;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** One run of {@code zim …} in this process, as the host runs it: its exit status and output. */
record ZimRun(int status, String out, String err) {

  static ZimRun of(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int status =
        new CommandLine(new ZimCommand())
            .setOut(new PrintWriter(out, true))
            .setErr(new PrintWriter(err, true))
            .execute(args);
    return new ZimRun(status, out.toString(), err.toString());
  }

  JsonNode json() {
    return JsonMapper.builder().build().readTree(out);
  }
}
