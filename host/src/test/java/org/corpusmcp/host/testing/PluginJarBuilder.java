package org.corpusmcp.host.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;

/**
 * Builds real drop-in plugin jars from Java source at test time: javac with PF4J's annotation
 * processor writes {@code META-INF/extensions.idx} exactly as a plugin build does, so the host is
 * tested against artifacts, not mocks.
 */
public final class PluginJarBuilder {

  private final String id;
  private String version = "0.1.0";
  private String requires = ">=0.1.0";
  private final Map<String, String> sources = new LinkedHashMap<>();
  private boolean annotationProcessing = true;

  private PluginJarBuilder(String id) {
    this.id = id;
  }

  public static PluginJarBuilder plugin(String id) {
    return new PluginJarBuilder(id);
  }

  public PluginJarBuilder version(String version) {
    this.version = version;
    return this;
  }

  public PluginJarBuilder requires(String requires) {
    this.requires = requires;
    return this;
  }

  /** Adds a class; {@code fqcn} like {@code test.echo.EchoTools}. */
  public PluginJarBuilder source(String fqcn, String code) {
    sources.put(fqcn, code);
    return this;
  }

  /** Compiles without the processor, as a JDK 23+ build without -proc:full would. */
  public PluginJarBuilder withoutExtensionIndex() {
    this.annotationProcessing = false;
    return this;
  }

  /** Writes {@code <dir>/<id>.jar} and returns its path. */
  public Path writeTo(Path dir) throws IOException {
    Path classes = Files.createTempDirectory("plugin-" + id + "-classes");
    compile(classes);
    Path jar = dir.resolve(id + ".jar");
    try (OutputStream file = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(file)) {
      String properties =
          "plugin.id="
              + id
              + "\nplugin.class=org.pf4j.Plugin\nplugin.version="
              + version
              + "\nplugin.provider=tests\nplugin.requires="
              + requires
              + "\nplugin.dependencies=\n";
      out.putNextEntry(new JarEntry("plugin.properties"));
      out.write(properties.getBytes(StandardCharsets.UTF_8));
      out.closeEntry();
      List<Path> files;
      try (Stream<Path> walk = Files.walk(classes)) {
        files = walk.filter(Files::isRegularFile).sorted().toList();
      }
      for (Path f : files) {
        out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
        out.write(Files.readAllBytes(f));
        out.closeEntry();
      }
    }
    return jar;
  }

  private void compile(Path classes) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    List<JavaFileObject> units = new ArrayList<>();
    sources.forEach(
        (fqcn, code) ->
            units.add(
                new SimpleJavaFileObject(
                    URI.create("string:///" + fqcn.replace('.', '/') + ".java"),
                    JavaFileObject.Kind.SOURCE) {
                  @Override
                  public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return code;
                  }
                }));
    List<String> options =
        new ArrayList<>(
            List.of(
                "-d",
                classes.toString(),
                "-classpath",
                System.getProperty("java.class.path"),
                "--release",
                "17",
                annotationProcessing ? "-proc:full" : "-proc:none"));
    StringWriter diagnostics = new StringWriter();
    Boolean ok = javac.getTask(diagnostics, null, null, options, null, units).call();
    if (!Boolean.TRUE.equals(ok)) {
      throw new IllegalStateException("test plugin " + id + " does not compile:\n" + diagnostics);
    }
  }

  /** Source of a tool provider with the given tools (each a ToolSpec builder expression). */
  public static String toolProvider(String pkg, String className, String prefix, String... specs) {
    return "package "
        + pkg
        + ";\n"
        + "import java.util.*;\nimport org.corpusmcp.api.*;\n"
        + "@org.pf4j.Extension\n"
        + "public class "
        + className
        + " implements ToolProvider {\n"
        + "  public String defaultToolPrefix() { return \""
        + prefix
        + "\"; }\n"
        + "  public List<ToolSpec> tools(PluginContext ctx) {\n"
        + "    return List.of("
        + String.join(",\n", specs)
        + ");\n"
        + "  }\n}\n";
  }

  /** Source of a prompt provider with the given prompts (each a PromptSpec builder expression). */
  public static String promptProvider(String pkg, String className, String... specs) {
    return "package "
        + pkg
        + ";\n"
        + "import java.util.*;\nimport org.corpusmcp.api.*;\n"
        + "@org.pf4j.Extension\n"
        + "public class "
        + className
        + " implements PromptProvider {\n"
        + "  public List<PromptSpec> prompts(PluginContext ctx) {\n"
        + "    return List.of("
        + String.join(",\n", specs)
        + ");\n"
        + "  }\n}\n";
  }

  /** A PromptSpec builder expression with one user message (this method quotes the strings). */
  public static String promptSpec(String name, String description, String text) {
    return "PromptSpec.builder(\""
        + name
        + "\").description("
        + javaString(description)
        + ")"
        + ".message(PromptMessage.user("
        + javaString(text)
        + ")).build()";
  }

  private static String javaString(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
  }

  /** A ToolSpec builder expression for a tool that echoes its {@code text} argument. */
  public static String echoSpec(String name) {
    return "ToolSpec.builder(\""
        + name
        + "\").title(\"Echo\").description(\"Echoes text\")"
        + ".inputSchema(\"{\\\"type\\\":\\\"object\\\",\\\"properties\\\":{"
        + "\\\"text\\\":{\\\"type\\\":\\\"string\\\",\\\"minLength\\\":1,\\\"pattern\\\":\\\"\\\\\\\\S\\\"},"
        + "\\\"times\\\":{\\\"type\\\":\\\"integer\\\",\\\"minimum\\\":1,\\\"maximum\\\":5,\\\"default\\\":1}},"
        + "\\\"required\\\":[\\\"text\\\"],\\\"additionalProperties\\\":false}\")"
        + ".outputSchema(\"{\\\"type\\\":\\\"object\\\",\\\"properties\\\":{"
        + "\\\"echo\\\":{\\\"type\\\":\\\"string\\\"}},\\\"required\\\":[\\\"echo\\\"]}\")"
        + ".handler(a -> ToolResult.success(Map.of(\"echo\", a.string(\"text\").repeat((int) a.integer(\"times\", 1)))))"
        + ".build()";
  }
}
