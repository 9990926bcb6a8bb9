package org.corpusmcp.host.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Command lines that start the host as a real child process on the test class path. */
public final class HostProcess {

  private HostProcess() {}

  public static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** {@code java -cp <test class path> org.corpusmcp.host.Main <args>} as an argument list. */
  public static List<String> args(String... args) {
    return args(List.of(), args);
  }

  /** The same with extra JVM options, e.g. a small {@code -Xmx}. */
  public static List<String> args(List<String> jvmOptions, String... args) {
    List<String> out =
        new ArrayList<>(List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto"));
    out.addAll(jvmOptions);
    out.addAll(List.of("-cp", System.getProperty("java.class.path"), "org.corpusmcp.host.Main"));
    out.addAll(List.of(args));
    return out;
  }

  public static List<String> command(String... args) {
    return command(List.of(), args);
  }

  public static List<String> command(List<String> jvmOptions, String... args) {
    List<String> out = new ArrayList<>();
    out.add(java());
    out.addAll(args(jvmOptions, args));
    return out;
  }
}
