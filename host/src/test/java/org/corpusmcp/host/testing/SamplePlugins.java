package org.corpusmcp.host.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.corpusmcp.host.config.HostSettings;

/** The plugin set most host tests run against, built once per test directory. */
public final class SamplePlugins {

  private SamplePlugins() {}

  /**
   * Writes plugin {@code sample} (prefix {@code sample_}) with tools: {@code echo} (validated
   * arguments, output schema), {@code fail} (a typed error), {@code boom} (throws), {@code slow}
   * (sleeps {@code ms} then answers), {@code printer} (writes to System.out, which in stdio mode
   * must never reach the JSON-RPC channel).
   */
  public static Path write(Path dir) {
    try {
      Files.createDirectories(dir);
      PluginJarBuilder.plugin("sample")
          .source(
              "test.sample.SampleTools",
              PluginJarBuilder.toolProvider(
                  "test.sample",
                  "SampleTools",
                  "sample_",
                  PluginJarBuilder.echoSpec("echo"),
                  simple(
                      "fail",
                      "ToolResult.error(\"page_not_found\", \"No such page: x\","
                          + " Map.of(\"available\", List.of(\"a\", \"b\")))"),
                  simple(
                      "boom", "{ throw new IllegalStateException(\"secret internal detail\"); }"),
                  "ToolSpec.builder(\"slow\").description(\"Sleeps\")"
                      + ".inputSchema(\"{\\\"type\\\":\\\"object\\\",\\\"properties\\\":{\\\"ms\\\":"
                      + "{\\\"type\\\":\\\"integer\\\"},\\\"tag\\\":{\\\"type\\\":\\\"string\\\"}}}\")"
                      + ".handler(a -> { try { Thread.sleep(a.integer(\"ms\", 0)); }"
                      + " catch (InterruptedException e) { Thread.currentThread().interrupt(); }"
                      + " return ToolResult.success(Map.of(\"tag\", a.optionalString(\"tag\") == null ? \"\" : a.optionalString(\"tag\"))); })"
                      + ".build()",
                  simple(
                      "printer",
                      "{ System.out.println(\"plugin noise on stdout\");"
                          + " return ToolResult.success(Map.of(\"printed\", true)); }")))
          .writeTo(dir);
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The prompt of the {@code guide} plugin ({@link #writePromptPlugin}). */
  public static final String GUIDE_PROMPT = "usage-guide";

  public static final String GUIDE_DESCRIPTION = "How to cite what the tools return";
  public static final String GUIDE_TEXT =
      "Quote tool results verbatim.\nSay \"I don't know\" rather than guess.";

  /**
   * Writes plugin {@code guide}, which contributes no tools and one prompt, {@value #GUIDE_PROMPT},
   * whose only message is {@link #GUIDE_TEXT} from the user.
   */
  public static Path writePromptPlugin(Path dir) {
    try {
      Files.createDirectories(dir);
      PluginJarBuilder.plugin("guide")
          .source(
              "test.guide.GuidePrompts",
              PluginJarBuilder.promptProvider(
                  "test.guide",
                  "GuidePrompts",
                  PluginJarBuilder.promptSpec(GUIDE_PROMPT, GUIDE_DESCRIPTION, GUIDE_TEXT)))
          .writeTo(dir);
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The prompt of the {@code letters} plugin ({@link #writeArgumentPromptPlugin}). */
  public static final String LETTER_PROMPT = "letter";

  /** Its image prompt: the bytes 1, 2, 3 as {@code image/png}, then the text "Describe it." */
  public static final String PICTURE_PROMPT = "picture-prompt";

  /** What {@code to} completes to: the names starting with the value typed; "boom" throws. */
  public static final java.util.List<String> LETTER_NAMES = java.util.List.of("Ada", "Alan", "Bob");

  /**
   * Writes plugin {@code letters}, with no tools and two prompts: {@value #LETTER_PROMPT}, which
   * takes {@code to} (required, completed from {@link #LETTER_NAMES}) and {@code tone} (optional)
   * and answers "Write to <to>." (plus " Be <tone>." when given) followed by the embedded text
   * resource {@code mem://letterhead} ("Letterhead", {@code text/plain}), and throws (naming {@link
   * #BROKEN_SECRET}) when {@code to} is "boom"; and {@value #PICTURE_PROMPT} ({@link
   * #PICTURE_PROMPT}).
   */
  public static Path writeArgumentPromptPlugin(Path dir) {
    String letter =
        "PromptSpec.builder(\""
            + LETTER_PROMPT
            + "\").description(\"Writes a letter\")"
            + ".argument(PromptArgument.required(\"to\", \"Who the letter is for\"))"
            + ".argument(PromptArgument.optional(\"tone\", null))"
            + ".handler(r -> { if (r.string(\"to\").equals(\"boom\"))"
            + " throw new IllegalStateException(\"cannot open "
            + BROKEN_SECRET
            + "\");"
            + " String tone = r.optionalString(\"tone\");"
            + " return List.of(PromptMessage.user(\"Write to \" + r.string(\"to\") + \".\""
            + " + (tone == null ? \"\" : \" Be \" + tone + \".\")),"
            + " PromptMessage.user(ToolContent.resource(ResourceContents.text(\"mem://letterhead\","
            + " \"text/plain\", \"Letterhead\")))); })"
            + ".complete(\"to\", c -> { if (c.value().equals(\"boom\"))"
            + " throw new IllegalStateException(\"cannot open "
            + BROKEN_SECRET
            + "\");"
            + " return List.of(\"Ada\", \"Alan\", \"Bob\").stream()"
            + ".filter(n -> n.startsWith(c.value())).toList(); })"
            + ".build()";
    String picture =
        "PromptSpec.builder(\""
            + PICTURE_PROMPT
            + "\").description(\"Shows a picture\")"
            + ".message(PromptMessage.user(ToolContent.image(new byte[] {1, 2, 3}, \"image/png\")))"
            + ".message(PromptMessage.user(\"Describe it.\")).build()";
    try {
      Files.createDirectories(dir);
      PluginJarBuilder.plugin("letters")
          .source(
              "test.letters.LetterPrompts",
              PluginJarBuilder.promptProvider("test.letters", "LetterPrompts", letter, picture))
          .writeTo(dir);
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The form {@code ask_name} and {@code two_steps} ask with: one required string, {@code name}.
   */
  public static final String NAME_FORM =
      "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}},\"required\":[\"name\"]}";

  /**
   * Writes plugin {@code asker}, with tools (no prefix) that ask the client for input: {@code
   * ask_name} asks "Your name?" with {@link #NAME_FORM} under key {@code who} and answers {@code
   * {"greeting": "Hello, <name>"}} when the user accepts, {@code {"greeting": "nobody"}} otherwise;
   * {@code ask_model} samples "Say hi" (at most 10 tokens) and answers {@code {"said": <text>}};
   * {@code ask_roots} answers {@code {"roots": [<uri>, ...]}}; {@code two_steps} asks "First?" (key
   * {@code first}) then "Second?" (key {@code second}), both with {@link #NAME_FORM}, and answers
   * {@code {"both": "<first>+<second>"}}; {@code model_or_not} samples like {@code ask_model} but
   * answers {@code {"said": "no model"}} when the client has no sampling; {@code ask_all} asks
   * {@code ask_name}'s question and {@code ask_model}'s at once and answers {@code {"all": "<said>,
   * <name>"}}.
   */
  public static Path writeAskingPlugin(Path dir) {
    String form = "\"" + NAME_FORM.replace("\"", "\\\"") + "\"";
    String noArgs = ".inputSchema(\"{\\\"type\\\":\\\"object\\\"}\")";
    String[] specs = {
      "ToolSpec.builder(\"ask_name\").description(\"Asks a name\")"
          + noArgs
          + ".callHandler(call -> { ElicitationResult r = call.elicit(new Elicitation(\"who\","
          + " \"Your name?\", "
          + form
          + "));"
          + " return ToolResult.success(Map.of(\"greeting\", r.accepted()"
          + " ? \"Hello, \" + r.content().get(\"name\") : \"nobody\")); }).build()",
      "ToolSpec.builder(\"ask_model\").description(\"Asks the model\")"
          + noArgs
          + ".callHandler(call -> ToolResult.success(Map.of(\"said\","
          + " call.sample(Sampling.of(\"Say hi\", 10)).text()))).build()",
      "ToolSpec.builder(\"ask_roots\").description(\"Asks the roots\")"
          + noArgs
          + ".callHandler(call -> ToolResult.success(Map.of(\"roots\","
          + " call.roots().stream().map(Root::uri).toList()))).build()",
      "ToolSpec.builder(\"two_steps\").description(\"Asks twice\")"
          + noArgs
          + ".callHandler(call -> { Object a = call.elicit(new Elicitation(\"first\", \"First?\", "
          + form
          + ")).content().get(\"name\");"
          + " Object b = call.elicit(new Elicitation(\"second\", \"Second?\", "
          + form
          + ")).content().get(\"name\");"
          + " return ToolResult.success(Map.of(\"both\", a + \"+\" + b)); }).build()",
      "ToolSpec.builder(\"ask_all\").description(\"Asks the user and the model at once\")"
          + noArgs
          + ".callHandler(call -> { Elicitation who = new Elicitation(\"who\", \"Your name?\", "
          + form
          + "); Sampling hi = Sampling.of(\"Say hi\", 10);"
          + " InputAnswers a = call.ask(who, hi);"
          + " return ToolResult.success(Map.of(\"all\", a.get(hi).text() + \", \""
          + " + a.get(who).content().get(\"name\"))); }).build()",
      "ToolSpec.builder(\"model_or_not\").description(\"Asks the model if there is one\")"
          + noArgs
          + ".callHandler(call -> { try { return ToolResult.success(Map.of(\"said\","
          + " call.sample(Sampling.of(\"Say hi\", 10)).text())); }"
          + " catch (MissingClientCapabilityException e) {"
          + " return ToolResult.success(Map.of(\"said\", \"no model\")); } }).build()"
    };
    try {
      Files.createDirectories(dir);
      PluginJarBuilder.plugin("asker")
          .source(
              "test.asker.AskerTools",
              PluginJarBuilder.toolProvider("test.asker", "AskerTools", "", specs))
          .writeTo(dir);
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The {@code library} plugin's resource with a fixed URI ({@link #writeResourcePlugin}). */
  public static final String POLICY_URI = "library://policy";

  public static final String POLICY_TEXT = "# Policy\nQuote, then cite.";

  /** Its binary resource: the bytes 0, 1, 2, 255. */
  public static final String LOGO_URI = "library://logo.bin";

  /**
   * Its template: a page for each title in {@link #PAGE_TITLES}, text "Page: <title>"; {@code
   * title} completes to the titles starting with the value typed, sorted, and throws for "boom".
   */
  public static final String PAGE_TEMPLATE = "library://pages/{title}";

  public static final java.util.List<String> PAGE_TITLES = java.util.List.of("Hoover Dam", "Alps");

  /**
   * Its template whose reader always throws, with a message naming a server path; {@code x}
   * completes to 150 values: the value typed followed by 0 to 149.
   */
  public static final String BROKEN_TEMPLATE = "library://broken/{x}";

  public static final String BROKEN_SECRET = "/srv/secret/library.db";

  /**
   * Writes plugin {@code library}, which contributes no tools, the resources {@value #POLICY_URI}
   * (Markdown) and {@value #LOGO_URI} (bytes), and the templates {@value #PAGE_TEMPLATE} and
   * {@value #BROKEN_TEMPLATE}.
   */
  public static Path writeResourcePlugin(Path dir) {
    String source =
        "package test.library;\n"
            + "import java.util.*;\nimport org.corpusmcp.api.*;\n"
            + "@org.pf4j.Extension\n"
            + "public class LibraryResources implements ResourceProvider {\n"
            + "  public List<ResourceSpec> resources(PluginContext ctx) {\n"
            + "    return List.of(\n"
            + "      ResourceSpec.builder(\""
            + POLICY_URI
            + "\", \"policy\").title(\"Citation policy\").description(\"How to cite\")"
            + ".mimeType(\"text/markdown\")"
            + ".reader(r -> List.of(ResourceContents.text(r.uri(), \"text/markdown\", \""
            + POLICY_TEXT.replace("\n", "\\n")
            + "\"))).build(),\n"
            + "      ResourceSpec.builder(\""
            + LOGO_URI
            + "\", \"logo\").mimeType(\"application/octet-stream\")"
            + ".reader(r -> List.of(ResourceContents.blob(r.uri(), \"application/octet-stream\","
            + " new byte[] {0, 1, 2, (byte) 255}))).build());\n"
            + "  }\n"
            + "  public List<ResourceTemplateSpec> resourceTemplates(PluginContext ctx) {\n"
            + "    Set<String> titles = Set.of(\"Hoover Dam\", \"Alps\");\n"
            + "    return List.of(\n"
            + "      ResourceTemplateSpec.builder(\""
            + PAGE_TEMPLATE
            + "\", \"page\").description(\"One page\").mimeType(\"text/plain\")"
            + ".reader(r -> titles.contains(r.variable(\"title\"))"
            + " ? List.of(ResourceContents.text(r.uri(), \"text/plain\", \"Page: \" + r.variable(\"title\")))"
            + " : List.of())"
            + ".complete(\"title\", c -> { if (c.value().equals(\"boom\")) throw new IllegalStateException(\"cannot open "
            + BROKEN_SECRET
            + "\");"
            + " return titles.stream().filter(t -> t.startsWith(c.value())).sorted().toList(); })"
            + ".build(),\n"
            + "      ResourceTemplateSpec.builder(\""
            + BROKEN_TEMPLATE
            + "\", \"broken\")"
            + ".reader(r -> { throw new IllegalStateException(\"cannot open "
            + BROKEN_SECRET
            + "\"); })"
            + ".complete(\"x\", c -> java.util.stream.IntStream.range(0, 150)"
            + ".mapToObj(i -> c.value() + i).toList())"
            + ".build());\n"
            + "  }\n}\n";
    try {
      Files.createDirectories(dir);
      PluginJarBuilder.plugin("library")
          .source("test.library.LibraryResources", source)
          .writeTo(dir);
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The {@code notes} plugin's resource, whose text {@link #writeChangingPlugin}'s tool edits. */
  public static final String NOTES_URI = "notes://today";

  /**
   * Writes plugin {@code notes}: the resource {@value #NOTES_URI} (text "edits: N", N counting the
   * edits so far) and the tool {@code edit_notes} (no prefix), which edits it and says so through
   * its context's {@code resourceChanges()}: the tool's context, not the resource provider's, so
   * both reach the same subscribers.
   */
  public static Path writeChangingPlugin(Path dir) {
    String resources =
        "package test.notes;\n"
            + "import java.util.*;\nimport org.corpusmcp.api.*;\n"
            + "@org.pf4j.Extension\n"
            + "public class NotesResources implements ResourceProvider {\n"
            + "  public List<ResourceSpec> resources(PluginContext ctx) {\n"
            + "    return List.of(ResourceSpec.builder(\""
            + NOTES_URI
            + "\", \"notes\").mimeType(\"text/plain\")"
            + ".reader(r -> List.of(ResourceContents.text(r.uri(), \"text/plain\","
            + " \"edits: \" + NotesTools.EDITS.get()))).build());\n"
            + "  }\n}\n";
    String tools =
        "package test.notes;\n"
            + "import java.util.*;\nimport java.util.concurrent.atomic.AtomicInteger;\n"
            + "import org.corpusmcp.api.*;\n"
            + "@org.pf4j.Extension\n"
            + "public class NotesTools implements ToolProvider {\n"
            + "  static final AtomicInteger EDITS = new AtomicInteger();\n"
            + "  public String defaultToolPrefix() { return \"\"; }\n"
            + "  public List<ToolSpec> tools(PluginContext ctx) {\n"
            + "    return List.of(ToolSpec.builder(\"edit_notes\").description(\"Edits the notes\")"
            + ".inputSchema(\"{\\\"type\\\":\\\"object\\\"}\")"
            + ".handler(args -> { int n = EDITS.incrementAndGet();"
            + " ctx.resourceChanges().updated(\""
            + NOTES_URI
            + "\"); return ToolResult.success(Map.of(\"edits\", n)); }).build());\n"
            + "  }\n}\n";
    try {
      Files.createDirectories(dir);
      PluginJarBuilder.plugin("notes")
          .source("test.notes.NotesResources", resources)
          .source("test.notes.NotesTools", tools)
          .writeTo(dir);
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Writes plugin {@code lists}, whose tools change its own lists through its context's {@code
   * listChanges()} (no prefix): {@code toggle_tool} switches the tool {@code extra_tool} on or off,
   * {@code toggle_prompt} the prompt {@code extra_prompt}, and {@code take_edit_notes} tries to add
   * a tool named {@code edit_notes}, which {@link #writeChangingPlugin}'s {@code notes} serves: it
   * answers {@code {"refused": true, "message": …}} when the host refuses that list.
   */
  public static Path writeListChangingPlugin(Path dir) {
    String source =
        "package test.lists;\n"
            + "import java.util.*;\nimport java.util.concurrent.atomic.AtomicBoolean;\n"
            + "import org.corpusmcp.api.*;\n"
            + "@org.pf4j.Extension\n"
            + "public class Lists implements ToolProvider, PromptProvider {\n"
            + "  static final AtomicBoolean TOOL = new AtomicBoolean();\n"
            + "  static final AtomicBoolean PROMPT = new AtomicBoolean();\n"
            + "  static final AtomicBoolean CLASH = new AtomicBoolean();\n"
            + "  public String defaultToolPrefix() { return \"\"; }\n"
            + "  public List<ToolSpec> tools(PluginContext ctx) {\n"
            + "    List<ToolSpec> out = new ArrayList<>();\n"
            + "    out.add(tool(\"toggle_tool\", a -> { TOOL.set(!TOOL.get());"
            + " ctx.listChanges().toolsChanged();"
            + " return ToolResult.success(Map.of(\"shown\", TOOL.get())); }));\n"
            + "    out.add(tool(\"toggle_prompt\", a -> { PROMPT.set(!PROMPT.get());"
            + " ctx.listChanges().promptsChanged();"
            + " return ToolResult.success(Map.of(\"shown\", PROMPT.get())); }));\n"
            + "    out.add(tool(\"take_edit_notes\", a -> { CLASH.set(true);"
            + " try { ctx.listChanges().toolsChanged();"
            + " return ToolResult.success(Map.of(\"refused\", false)); }"
            + " catch (ListChangeRefusedException e) {"
            + " return ToolResult.success(Map.of(\"refused\", true, \"message\", e.getMessage())); }"
            + " finally { CLASH.set(false); } }));\n"
            + "    if (TOOL.get()) { out.add(tool(\"extra_tool\","
            + " a -> ToolResult.success(Map.of(\"extra\", true)))); }\n"
            + "    if (CLASH.get()) { out.add(tool(\"edit_notes\","
            + " a -> ToolResult.success(Map.of(\"shadow\", true)))); }\n"
            + "    return out;\n"
            + "  }\n"
            + "  public List<PromptSpec> prompts(PluginContext ctx) {\n"
            + "    return PROMPT.get() ? List.of(PromptSpec.builder(\"extra_prompt\")"
            + ".description(\"Added while the server runs\")"
            + ".message(PromptMessage.user(\"extra\")).build()) : List.of();\n"
            + "  }\n"
            + "  private static ToolSpec tool(String name, ToolHandler handler) {\n"
            + "    return ToolSpec.builder(name).description(name)"
            + ".inputSchema(\"{\\\"type\\\":\\\"object\\\"}\").handler(handler).build();\n"
            + "  }\n}\n";
    try {
      Files.createDirectories(dir);
      PluginJarBuilder.plugin("lists").source("test.lists.Lists", source).writeTo(dir);
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Writes plugin {@code reporter} with one tool, {@code steps} (no prefix), which reports while it
   * runs, in this order: log DEBUG "starting"; progress 0 of 100; log INFO "halfway"; progress 50
   * of 100 "half"; progress 50 again (not growing: the host drops it); progress 100 of 100 "done";
   * log WARNING "finished"; and then answers {@code {"steps": 3}}.
   */
  public static Path writeReportingPlugin(Path dir) {
    String spec =
        "ToolSpec.builder(\"steps\").description(\"Reports while it runs\")"
            + ".inputSchema(\"{\\\"type\\\":\\\"object\\\"}\")"
            + ".callHandler(call -> {"
            + " call.log(LogLevel.DEBUG, \"starting\");"
            + " call.progress(0, 100.0, null);"
            + " call.log(LogLevel.INFO, \"halfway\");"
            + " call.progress(50, 100.0, \"half\");"
            + " call.progress(50, 100.0, \"half again\");"
            + " call.progress(100, 100.0, \"done\");"
            + " call.log(LogLevel.WARNING, \"finished\");"
            + " return ToolResult.success(Map.of(\"steps\", 3)); })"
            + ".build()";
    try {
      Files.createDirectories(dir);
      PluginJarBuilder.plugin("reporter")
          .source(
              "test.reporter.ReporterTools",
              PluginJarBuilder.toolProvider("test.reporter", "ReporterTools", "", spec))
          .writeTo(dir);
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Writes plugin {@code gallery} with one tool, {@code picture} (no prefix), which answers with
   * content blocks: the text "A pixel:", an image of the bytes 1, 2, 3 ({@code image/png}), audio
   * of the byte 9 ({@code audio/wav}) and the embedded text resource {@code mem://note} ("note",
   * {@code text/plain}).
   */
  public static Path writeContentPlugin(Path dir) {
    String spec =
        "ToolSpec.builder(\"picture\").description(\"Shows a picture\")"
            + ".inputSchema(\"{\\\"type\\\":\\\"object\\\"}\")"
            + ".handler(a -> ToolResult.content("
            + " ToolContent.text(\"A pixel:\"),"
            + " ToolContent.image(new byte[] {1, 2, 3}, \"image/png\"),"
            + " ToolContent.audio(new byte[] {9}, \"audio/wav\"),"
            + " ToolContent.resource(ResourceContents.text(\"mem://note\", \"text/plain\", \"note\"))))"
            + ".build()";
    try {
      Files.createDirectories(dir);
      PluginJarBuilder.plugin("gallery")
          .source(
              "test.gallery.GalleryTools",
              PluginJarBuilder.toolProvider("test.gallery", "GalleryTools", "", spec))
          .writeTo(dir);
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A tool with no arguments whose handler body is {@code body} (an expression or block). */
  static String simple(String name, String body) {
    return "ToolSpec.builder(\""
        + name
        + "\").description(\""
        + name
        + " tool\")"
        + ".inputSchema(\"{\\\"type\\\":\\\"object\\\",\\\"properties\\\":{},"
        + "\\\"additionalProperties\\\":false}\")"
        + ".handler(a -> "
        + body
        + ").build()";
  }

  /** Settings that load exactly {@code dir}, with an otherwise empty environment. */
  public static HostSettings settings(Path dir) {
    return settings(dir, Map.of());
  }

  public static HostSettings settings(Path dir, Map<String, String> env) {
    return new HostSettings(dir, java.util.Set.of(), java.util.Set.of(), Map.of(), env);
  }
}
