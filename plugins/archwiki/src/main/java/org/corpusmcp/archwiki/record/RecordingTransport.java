package org.corpusmcp.archwiki.record;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.corpusmcp.api.PluginJson;
import org.corpusmcp.archwiki.wiki.ApiRequest;
import org.corpusmcp.archwiki.wiki.WikiTransport;

/**
 * Passes every request to the live wiki and keeps each answer under the name offline replay will
 * look for ({@link ApiRequest#fixtureFileName}). Keeps them in memory: the caller decides whether
 * anything is written, after every request has succeeded.
 */
final class RecordingTransport implements WikiTransport {

  private final WikiTransport wiki;
  private final PluginJson json;
  private final Map<String, String> recorded = Collections.synchronizedMap(new LinkedHashMap<>());

  RecordingTransport(PluginJson json, WikiTransport wiki) {
    this.json = json;
    this.wiki = wiki;
  }

  @Override
  public Object get(ApiRequest request) {
    Object answer = wiki.get(request);
    recorded.put(request.fixtureFileName(), json.write(answer));
    return answer;
  }

  /** File name → JSON text, in request order. */
  Map<String, String> recorded() {
    synchronized (recorded) {
      return new LinkedHashMap<>(recorded);
    }
  }
}
