package org.corpusmcp.api;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The published API, signature by signature, against the baseline recorded in {@code
 * plugin-api/api/baseline.txt}: a plugin compiled against a recorded signature breaks with a
 * linkage error when it changes, so a removal or change must be a decision, not an accident. There
 * is no previous release to compare jars with yet; once there is, japicmp against that release
 * takes over this job.
 *
 * <p>To record an intended change, run {@code mvn -pl plugin-api test -Dtest=ApiBaselineTest
 * -Dapi.baseline.record=true} and commit the rewritten file with the reason in the commit message.
 */
class ApiBaselineTest {

  /** The packages plugins compile against (exported by module-info). */
  static final List<String> API_PACKAGES = List.of("org.corpusmcp.api", "org.corpusmcp.api.corpus");

  static final Path BASELINE = Path.of("api", "baseline.txt");

  @Test
  void publicApiMatchesTheRecordedBaseline() throws Exception {
    SortedSet<String> current = signatures();
    if (Boolean.getBoolean("api.baseline.record")) {
      Files.createDirectories(BASELINE.getParent());
      Files.write(BASELINE, current, StandardCharsets.UTF_8);
      return;
    }
    TreeSet<String> recorded = new TreeSet<>(Files.readAllLines(BASELINE, StandardCharsets.UTF_8));
    recorded.remove("");
    List<String> removed = new ArrayList<>(recorded);
    removed.removeAll(current);
    List<String> added = new ArrayList<>(current);
    added.removeAll(recorded);
    if (removed.isEmpty() && added.isEmpty()) {
      return;
    }
    StringBuilder message = new StringBuilder("the plugin API differs from " + BASELINE + ".\n");
    if (!removed.isEmpty()) {
      message
          .append("Removed or changed (breaks plugins compiled against the baseline):\n  ")
          .append(String.join("\n  ", removed))
          .append('\n');
    }
    if (!added.isEmpty()) {
      message
          .append("Added (compatible, but a promise from now on):\n  ")
          .append(String.join("\n  ", added))
          .append('\n');
    }
    message.append(
        "If this is intended, record it: mvn -pl plugin-api test -Dtest=ApiBaselineTest"
            + " -Dapi.baseline.record=true, and say why in the commit.");
    fail(message.toString());
  }

  /** One line per public type and per public or protected member of the API packages, sorted. */
  static SortedSet<String> signatures()
      throws IOException, URISyntaxException, ClassNotFoundException {
    Path classes =
        Path.of(PluginApi.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    TreeSet<String> out = new TreeSet<>();
    for (String pkg : API_PACKAGES) {
      Path dir = classes.resolve(pkg.replace('.', '/'));
      List<Path> files;
      try (Stream<Path> list = Files.list(dir)) {
        files = list.filter(p -> p.getFileName().toString().endsWith(".class")).sorted().toList();
      }
      for (Path file : files) {
        String simple = file.getFileName().toString().replaceFirst("\\.class$", "");
        if (simple.equals("package-info") || simple.equals("module-info")) {
          continue;
        }
        Class<?> type = Class.forName(pkg + "." + simple, false, PluginApi.class.getClassLoader());
        if (isPublished(type)) {
          describe(type, out);
        }
      }
    }
    return out;
  }

  private static boolean isPublished(Class<?> type) {
    for (Class<?> c = type; c != null; c = c.getEnclosingClass()) {
      if (!Modifier.isPublic(c.getModifiers()) || c.isAnonymousClass() || c.isLocalClass()) {
        return false;
      }
    }
    return true;
  }

  private static void describe(Class<?> type, SortedSet<String> out) {
    String name = type.getName();
    out.add(
        name
            + " :: "
            + type.toGenericString()
            + (type.getGenericSuperclass() != null
                    && type.getSuperclass() != Object.class
                    && !type.isEnum()
                    && !type.isRecord()
                ? " extends " + type.getGenericSuperclass().getTypeName()
                : "")
            + interfaces(type));
    for (Constructor<?> c : type.getDeclaredConstructors()) {
      if (isVisible(c.getModifiers()) && !c.isSynthetic()) {
        out.add(name + " :: " + c.toGenericString());
      }
    }
    for (Method m : type.getDeclaredMethods()) {
      if (isVisible(m.getModifiers()) && !m.isSynthetic() && !m.isBridge()) {
        out.add(name + " :: " + m.toGenericString());
      }
    }
    for (Field f : type.getDeclaredFields()) {
      if (isVisible(f.getModifiers()) && !f.isSynthetic()) {
        out.add(name + " :: " + f.toGenericString());
      }
    }
  }

  private static String interfaces(Class<?> type) {
    java.lang.reflect.Type[] all = type.getGenericInterfaces();
    if (all.length == 0) {
      return "";
    }
    List<String> names = new ArrayList<>();
    for (java.lang.reflect.Type t : all) {
      names.add(t.getTypeName());
    }
    return (type.isInterface() ? " extends " : " implements ") + String.join(", ", names);
  }

  private static boolean isVisible(int modifiers) {
    return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
  }
}
