package org.corpusmcp.archwiki;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pf4j.Extension;

/** What PF4J needs to find the plugin: its descriptor and the extension index. */
class PackagingTest {

  @Test
  void descriptorNamesThePlugin() throws IOException {
    Properties p = new Properties();
    try (InputStream in = ArchWikiToolProvider.class.getResourceAsStream("/plugin.properties")) {
      p.load(in);
    }
    assertEquals("archwiki", p.getProperty("plugin.id"));
    assertEquals("org.pf4j.Plugin", p.getProperty("plugin.class"));
    assertEquals("0.1.0", p.getProperty("plugin.version"));
    assertEquals("corpus-mcp", p.getProperty("plugin.provider"));
    assertEquals(">=0.1.0", p.getProperty("plugin.requires"));
    assertEquals("", p.getProperty("plugin.dependencies"));
  }

  @ParameterizedTest
  @ValueSource(
      classes = {
        ArchWikiToolProvider.class,
        ArchWikiPromptProvider.class,
        ArchWikiCommandProvider.class
      })
  void theProviderIsAnIndexedExtension(Class<?> provider) throws IOException {
    assertTrue(provider.isAnnotationPresent(Extension.class));
    boolean indexed = false;
    for (URL url :
        Collections.list(getClass().getClassLoader().getResources("META-INF/extensions.idx"))) {
      try (InputStream in = url.openStream()) {
        indexed |=
            new String(in.readAllBytes(), StandardCharsets.UTF_8)
                .lines()
                .anyMatch(provider.getName()::equals);
      }
    }
    assertTrue(
        indexed,
        "META-INF/extensions.idx must list "
            + provider.getSimpleName()
            + " (annotation processing on)");
  }
}
