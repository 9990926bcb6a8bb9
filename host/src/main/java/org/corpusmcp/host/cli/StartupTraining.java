package org.corpusmcp.host.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.corpusmcp.host.mcp.HttpMcpServer;
import org.corpusmcp.host.mcp.HttpSettings;
import org.corpusmcp.host.mcp.McpServers;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;

/**
 * The HTTP half of the session that trains the start-up archive.
 *
 * <p>The archive holds the classes one training run loaded, and that run is a stdio session ({@code
 * lib/cds-train.sh}). A {@code serve --http} then read Jetty, the servlet layer and the HTTP front
 * from their jars on every start (about 1,200 classes, most of the gap between an HTTP start and a
 * stdio one). Only one archive can be mapped, so the same run, once its stdio session has ended,
 * also serves a few requests over HTTP on a loopback port of its own: both revisions' search, as an
 * agent's first requests would. The launcher asks for it only while training ({@code
 * CORPUS_MCP_CDS=train}); a failure here costs start-up time, never the archive, so it is logged
 * and swallowed.
 */
final class StartupTraining {

  /** Set by the launcher for the training session only. */
  static final String PROPERTY = "corpusmcp.startupTraining";

  private static final String LEGACY = "2025-11-25";
  private static final String STATELESS = "2026-07-28";
  private static final String QUERY = "corpus.toml library";

  private StartupTraining() {}

  static boolean requested() {
    return Boolean.getBoolean(PROPERTY);
  }

  /** Serves the training requests over HTTP, then stops; never throws. */
  static void exerciseHttp(McpServers.Parts parts, Logger log) {
    try (HttpMcpServer server =
        HttpMcpServer.start(
            new HttpSettings("127.0.0.1", 0, null, List.of(), List.of(), 1 << 20), parts)) {
      URI endpoint = URI.create("http://127.0.0.1:" + server.port() + HttpSettings.ENDPOINT);
      String session =
          post(
              endpoint,
              LEGACY,
              null,
              "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
                  + "\"protocolVersion\":\""
                  + LEGACY
                  + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"cds-training\","
                  + "\"version\":\"0\"}}}");
      post(
          endpoint,
          LEGACY,
          session,
          "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
      post(endpoint, LEGACY, session, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
      post(endpoint, LEGACY, session, searchCall(3, ""));
      post(
          endpoint,
          STATELESS,
          null,
          searchCall(
              4,
              ",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\""
                  + STATELESS
                  + "\",\"io.modelcontextprotocol/clientCapabilities\":{}}"));
    } catch (IOException | RuntimeException e) {
      log.warn("start-up training over HTTP did not finish: {}", e.toString());
    }
  }

  private static String searchCall(int id, String meta) {
    return "{\"jsonrpc\":\"2.0\",\"id\":"
        + id
        + ",\"method\":\"tools/call\",\"params\":{\"name\":\"search\",\"arguments\":{\"query\":\""
        + QUERY
        + "\"}"
        + meta
        + "}}";
  }

  /**
   * One POST as a client sends it; returns the session id the answer carries, if any. {@link
   * HttpURLConnection} rather than {@code java.net.http}: the archive should hold what the server
   * loads, not a client's classes.
   */
  private static @Nullable String post(
      URI endpoint, String version, @Nullable String session, String body) throws IOException {
    HttpURLConnection http = (HttpURLConnection) endpoint.toURL().openConnection();
    try {
      http.setRequestMethod("POST");
      http.setDoOutput(true);
      http.setRequestProperty("Content-Type", "application/json");
      http.setRequestProperty("Accept", "application/json, text/event-stream");
      http.setRequestProperty("MCP-Protocol-Version", version);
      if (session != null) {
        http.setRequestProperty("Mcp-Session-Id", session);
      } else if (version.equals(STATELESS)) {
        http.setRequestProperty("Mcp-Method", "tools/call");
        http.setRequestProperty("Mcp-Name", "search");
      }
      try (OutputStream out = http.getOutputStream()) {
        out.write(body.getBytes(StandardCharsets.UTF_8));
      }
      int status = http.getResponseCode();
      if (status >= 400) {
        throw new IOException("HTTP " + status + " for " + body);
      }
      try (InputStream in = http.getInputStream()) {
        in.readAllBytes();
      }
      return http.getHeaderField("Mcp-Session-Id");
    } finally {
      http.disconnect();
    }
  }
}
