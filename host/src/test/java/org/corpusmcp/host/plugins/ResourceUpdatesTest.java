package org.corpusmcp.host.plugins;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** Plugins' announcements reach every server listening, and only while it listens. */
class ResourceUpdatesTest {

  @Test
  void everyListenerIsToldUntilItStops() throws Exception {
    ResourceUpdates updates = new ResourceUpdates();
    List<String> first = new CopyOnWriteArrayList<>();
    List<String> second = new CopyOnWriteArrayList<>();
    AutoCloseable firstListening = updates.listen(first::add);
    updates.listen(second::add);

    updates.updated("notes://today");
    firstListening.close();
    updates.updated("notes://tomorrow");

    assertEquals(List.of("notes://today"), first);
    assertEquals(List.of("notes://today", "notes://tomorrow"), second);
  }

  @Test
  void aFailingServerNeitherReachesThePluginNorSilencesTheOthers() {
    ResourceUpdates updates = new ResourceUpdates();
    List<String> told = new CopyOnWriteArrayList<>();
    updates.listen(
        uri -> {
          throw new IllegalStateException("session gone");
        });
    updates.listen(told::add);

    updates.updated("notes://today");

    assertEquals(List.of("notes://today"), told);
  }

  @Test
  void aBlankUriIsThePluginsMistake() {
    ResourceUpdates updates = new ResourceUpdates();
    assertThrows(IllegalArgumentException.class, () -> updates.updated(" "));
  }
}
