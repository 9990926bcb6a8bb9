package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The deployment examples in {@code deploy/} against the server they deploy: probe paths, ports,
 * the Host header the probes send, the token and bind variables, the read-only corpus volume, and a
 * termination grace longer than the server's shutdown grace.
 */
class DeployManifestTest {

  static final Path DEPLOY = Path.of("..", "deploy");

  @Test
  void kubernetesProbesAndPortsMatchTheServer() throws IOException {
    Map<String, Map<String, Object>> byKind = new HashMap<>();
    Yaml yaml = new Yaml(new SafeConstructor(new LoaderOptions()));
    for (Object document :
        yaml.loadAll(Files.readString(DEPLOY.resolve("kubernetes/corpus-mcp.yaml")))) {
      Map<String, Object> doc = map(document);
      byKind.put((String) doc.get("kind"), doc);
    }
    assertEquals(
        List.of("Deployment", "PersistentVolumeClaim", "Service"),
        byKind.keySet().stream().sorted().toList());

    Map<String, Object> pod =
        map(map(map(byKind.get("Deployment").get("spec")).get("template")).get("spec"));
    Map<String, Object> container = map(list(pod.get("containers")).get(0));
    assertEquals(List.of("serve", "--http"), container.get("args"));
    Map<String, String> env = new HashMap<>();
    Map<String, Object> tokenSource = null;
    for (Object item : list(container.get("env"))) {
      Map<String, Object> variable = map(item);
      if (variable.get("value") != null) {
        env.put((String) variable.get("name"), String.valueOf(variable.get("value")));
      } else if ("MCP_AUTH_TOKEN".equals(variable.get("name"))) {
        tokenSource = map(variable.get("valueFrom"));
      }
    }
    assertTrue(
        tokenSource != null && tokenSource.containsKey("secretKeyRef"),
        "MCP_AUTH_TOKEN from a secret: a non-loopback bind without a token is refused");
    assertEquals("0.0.0.0", env.get("MCP_HOST"));
    int port =
        Integer.parseInt(env.getOrDefault("MCP_PORT", String.valueOf(HttpSettings.DEFAULT_PORT)));
    Map<String, Object> namedPort = map(list(container.get("ports")).get(0));
    assertEquals(port, namedPort.get("containerPort"));

    Map<String, String> probePaths = new HashMap<>();
    for (String probe : List.of("startupProbe", "readinessProbe", "livenessProbe")) {
      Map<String, Object> get = map(map(container.get(probe)).get("httpGet"));
      assertEquals(namedPort.get("name"), get.get("port"), probe);
      probePaths.put(probe, (String) get.get("path"));
      Map<String, Object> host = map(list(get.get("httpHeaders")).get(0));
      assertEquals("Host", host.get("name"), probe);
      // the probe's Host must pass the DNS-rebinding check of a server bound to 0.0.0.0
      String value = (String) host.get("value");
      HttpSettings served = new HttpSettings("0.0.0.0", port, "t", List.of(), List.of(), 1);
      assertTrue(
          served.allowedHosts().contains(value.substring(0, value.lastIndexOf(':')) + ":*"), value);
      assertEquals(String.valueOf(port), value.substring(value.lastIndexOf(':') + 1), probe);
    }
    assertEquals(
        Map.of(
            "startupProbe",
            HttpSettings.READINESS_PATH,
            "readinessProbe",
            HttpSettings.READINESS_PATH,
            "livenessProbe",
            HttpSettings.LIVENESS_PATH),
        probePaths);

    assertTrue(
        ((Number) pod.get("terminationGracePeriodSeconds")).intValue()
            > Integer.parseInt(env.get("MCP_SHUTDOWN_GRACE")),
        "the kubelet waits longer than the server drains");
    Map<String, Object> mount = map(list(container.get("volumeMounts")).get(0));
    assertEquals(true, mount.get("readOnly"));
    assertEquals(mount.get("mountPath"), env.get("CORPUS_ROOT"));
    Map<String, Object> volume = map(list(pod.get("volumes")).get(0));
    assertEquals(mount.get("name"), volume.get("name"));
    assertEquals(true, map(volume.get("persistentVolumeClaim")).get("readOnly"));
    assertEquals(
        map(byKind.get("PersistentVolumeClaim").get("metadata")).get("name"),
        map(volume.get("persistentVolumeClaim")).get("claimName"));
    assertTrue(map(container.get("resources")).containsKey("limits"));

    Map<String, Object> servicePort =
        map(list(map(byKind.get("Service").get("spec")).get("ports")).get(0));
    assertEquals(namedPort.get("name"), servicePort.get("targetPort"));
  }

  @Test
  void nginxRoutesTheServersPaths() throws IOException {
    String conf = Files.readString(DEPLOY.resolve("nginx/corpus-mcp.conf"));
    for (String path :
        List.of(HttpSettings.ENDPOINT, HttpSettings.LIVENESS_PATH, HttpSettings.READINESS_PATH)) {
      assertTrue(conf.contains("location = " + path + " {"), path);
    }
    assertTrue(
        conf.contains("map $http_mcp_session_id $corpus_mcp_upstream {"),
        "legacy sessions routed by the replica named in their id");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object node) {
    assertTrue(node instanceof Map, "expected a mapping, got " + node);
    return (Map<String, Object>) node;
  }

  @SuppressWarnings("unchecked")
  private static List<Object> list(Object node) {
    assertTrue(node instanceof List, "expected a sequence, got " + node);
    return new ArrayList<>((List<Object>) node);
  }
}
