package org.corpusmcp.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.corpusmcp.host.testing.Leaks;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The 500 path of {@link JsonErrorHandler}: an exception thrown past the servlet, or past a core
 * handler, in a Jetty wired like {@link HttpMcpServer} (the handler on the server and on the
 * servlet context). No request to the real server is known to throw that far (the SDK's servlet and
 * {@link HttpFront} answer their own failures), so the throwing servlet stands in for a future bug.
 * Jetty's own page for it is HTML carrying the exception's message.
 */
class JsonErrorHandlerTest {

  static final JsonMapper JSON = JsonText.newMapper();
  static final String SECRET = "java.lang.IllegalStateException: secret detail at org.example.Boom";

  @Test
  void anExceptionThrownPastTheServletIsAJsonRpcInternalError() throws Exception {
    HttpServlet throwing =
        new HttpServlet() {
          @Override
          protected void doPost(HttpServletRequest req, HttpServletResponse resp) {
            throw new IllegalStateException(SECRET);
          }
        };
    JsonErrorHandler errors = new JsonErrorHandler(JSON);
    ServletContextHandler context = new ServletContextHandler();
    context.setErrorHandler(errors);
    context.setContextPath("/");
    context.addServlet(new ServletHolder(throwing), "/*");
    assertInternalErrorWithoutDetail(context, errors);
  }

  @Test
  void anExceptionThrownPastACoreHandlerIsAJsonRpcInternalError() throws Exception {
    Handler throwing =
        new Handler.Abstract() {
          @Override
          public boolean handle(Request request, Response response, Callback callback) {
            throw new IllegalStateException(SECRET);
          }
        };
    assertInternalErrorWithoutDetail(throwing, new JsonErrorHandler(JSON));
  }

  private static void assertInternalErrorWithoutDetail(Handler handler, JsonErrorHandler errors)
      throws Exception {
    Server jetty = new Server();
    ServerConnector connector = new ServerConnector(jetty);
    connector.setHost("127.0.0.1");
    connector.setPort(0);
    jetty.addConnector(connector);
    jetty.setErrorHandler(errors);
    jetty.setHandler(handler);
    jetty.start();
    try {
      HttpResponse<String> response =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(
                          URI.create("http://127.0.0.1:" + connector.getLocalPort() + "/mcp"))
                      .timeout(Duration.ofSeconds(20))
                      .header("Content-Type", "application/json")
                      .POST(HttpRequest.BodyPublishers.ofString("{}"))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      assertEquals(500, response.statusCode(), response.body());
      assertTrue(
          response.headers().firstValue("Content-Type").orElse("").startsWith("application/json"),
          response.headers().map().toString());
      JsonNode reply = JSON.readTree(response.body());
      assertEquals("2.0", reply.path("jsonrpc").asString(), response.body());
      assertEquals(-32603, reply.path("error").path("code").asInt(), response.body());
      assertEquals(
          "Internal error: the details are in the server log",
          reply.path("error").path("message").asString(),
          response.body());
      assertFalse(response.body().contains("secret detail"), response.body());
      Leaks.assertNone(response.body());
    } finally {
      jetty.stop();
    }
  }
}
