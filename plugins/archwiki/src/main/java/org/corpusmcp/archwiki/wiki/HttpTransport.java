package org.corpusmcp.archwiki.wiki;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import org.corpusmcp.api.PluginJson;
import org.corpusmcp.api.PluginJsonException;

/**
 * The live wiki over {@code java.net.http}: GET {@code api.php?<query>} with this project's
 * User-Agent, a connect timeout and a whole-request timeout (30 s, as the reference).
 *
 * <p>Retries are bounded and only where a second GET is both safe and useful: the request could not
 * connect, or the wiki answered 429/502/503/504 (overload, maintenance). A read timeout is not
 * retried (it already cost the full budget), nor is any other status. At most {@link #MAX_ATTEMPTS}
 * attempts, with a short backoff. {@code Retry-After} (seconds or an HTTP date) is honoured up to
 * {@link #MAX_RETRY_AFTER}; a wiki that asks for a longer wait gets no retry at all and the call
 * fails at once, since a retry sooner than asked would be both useless and impolite.
 *
 * <p>The anti-bot interstitial: wiki.archlinux.org may answer a script with HTTP 200 and an HTML
 * challenge page. Any 200 whose body is not JSON (HTML content type, or a body starting with {@code
 * <}) is an {@link ErrorCode#UPSTREAM_API_ERROR}, never parsed as content — hashing a challenge
 * page would make a good citation look forged.
 */
public final class HttpTransport implements WikiTransport {

  public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
  public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);
  public static final int MAX_ATTEMPTS = 3;

  /** The longest {@code Retry-After} waited for before a retry. */
  public static final Duration MAX_RETRY_AFTER = Duration.ofSeconds(5);

  /** What to do when the wiki cannot be reached from this machine. */
  public static final String OFFLINE_HINT =
      "Without network access to the wiki, set"
          + " ARCHWIKI_OFFLINE=1 to answer from recorded fixtures (directory ARCHWIKI_FIXTURES).";

  /** Pauses between attempts; injected so tests do not sleep. */
  @FunctionalInterface
  public interface Sleeper {
    void sleep(Duration d) throws InterruptedException;
  }

  private final HttpClient client;
  private final URI endpoint;
  private final String userAgent;
  private final Duration requestTimeout;
  private final Sleeper sleeper;
  private final Clock clock;
  private final String wikiName;
  private final PluginJson json;

  /** The Arch wiki's API with the default timeout. */
  public HttpTransport(PluginJson json, String userAgent) {
    this(json, URI.create(WikiUrls.ARCH.apiUrl()), userAgent, REQUEST_TIMEOUT);
  }

  /** {@code endpoint} (an {@code api.php} URL), pausing for real between attempts. */
  public HttpTransport(PluginJson json, URI endpoint, String userAgent, Duration requestTimeout) {
    this(json, endpoint, userAgent, requestTimeout, d -> Thread.sleep(d.toMillis()));
  }

  public HttpTransport(
      PluginJson json, URI endpoint, String userAgent, Duration requestTimeout, Sleeper sleeper) {
    this(json, endpoint, userAgent, requestTimeout, sleeper, Clock.systemUTC());
  }

  /** As above, with the clock that dates in {@code Retry-After} are measured against. */
  public HttpTransport(
      PluginJson json,
      URI endpoint,
      String userAgent,
      Duration requestTimeout,
      Sleeper sleeper,
      Clock clock) {
    this.json = json;
    this.client =
        HttpClient.newBuilder()
            .connectTimeout(CONNECT_TIMEOUT)
            .followRedirects(HttpClient.Redirect.NORMAL)
            .build();
    this.endpoint = endpoint;
    this.userAgent = userAgent;
    this.requestTimeout = requestTimeout;
    this.sleeper = sleeper;
    this.clock = clock;
    this.wikiName =
        endpoint.toString().equals(WikiUrls.ARCH.apiUrl())
            ? "Arch Wiki"
            : "The wiki at " + endpoint;
  }

  /** {@code corpus-mcp-archwiki/0.1.0 (+https://github.com/corpus-mcp/corpus-mcp; …)}. */
  public static String userAgent(String version) {
    return "corpus-mcp-archwiki/"
        + version
        + " (corpus-mcp Arch wiki evidence plugin; +https://github.com/corpus-mcp/corpus-mcp)"
        + " java.net.http/"
        + Runtime.version().feature();
  }

  @Override
  public Object get(ApiRequest request) {
    URI uri = URI.create(endpoint + "?" + request.queryString());
    HttpRequest http =
        HttpRequest.newBuilder(uri)
            .GET()
            .timeout(requestTimeout)
            .header("User-Agent", userAgent)
            .header("Accept", "application/json")
            .build();
    for (int attempt = 1; ; attempt++) {
      HttpResponse<byte[]> response;
      try {
        response = client.send(http, HttpResponse.BodyHandlers.ofByteArray());
      } catch (HttpConnectTimeoutException e) {
        if (attempt < MAX_ATTEMPTS) {
          pause(attempt, Optional.empty());
          continue;
        }
        throw unreachable(e);
      } catch (HttpTimeoutException e) {
        throw unreachable(e);
      } catch (java.net.ConnectException e) {
        if (attempt < MAX_ATTEMPTS) {
          pause(attempt, Optional.empty());
          continue;
        }
        throw unreachable(e);
      } catch (IOException e) {
        throw unreachable(e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw silent(e);
      }
      int status = response.statusCode();
      if (status == 429 || status == 502 || status == 503 || status == 504) {
        Optional<Duration> asked = retryAfter(response.headers().firstValue("Retry-After"));
        if (asked.isPresent() && asked.get().compareTo(MAX_RETRY_AFTER) > 0) {
          throw new WikiException(
              ErrorCode.UPSTREAM_API_ERROR,
              wikiName
                  + " did not answer: HTTP "
                  + status
                  + " from "
                  + uri
                  + ", asking to retry after "
                  + asked.get().toSeconds()
                  + " s, longer than the "
                  + MAX_RETRY_AFTER.toSeconds()
                  + " s this plugin waits");
        }
        if (attempt < MAX_ATTEMPTS) {
          pause(attempt, asked);
          continue;
        }
      }
      if (status != 200) {
        throw new WikiException(
            ErrorCode.UPSTREAM_API_ERROR,
            wikiName + " did not answer: HTTP " + status + " from " + uri);
      }
      return decode(response, uri);
    }
  }

  private Object decode(HttpResponse<byte[]> response, URI uri) {
    String body = new String(response.body(), StandardCharsets.UTF_8);
    String type = response.headers().firstValue("Content-Type").orElse("").toLowerCase(Locale.ROOT);
    String head = body.stripLeading();
    if (type.contains("html") || head.startsWith("<")) {
      throw new WikiException(
          ErrorCode.UPSTREAM_API_ERROR,
          wikiName
              + " answered with an HTML page (Content-Type '"
              + type
              + "') where JSON was asked:"
              + " probably its anti-bot interstitial. Nothing was parsed from it. URL: "
              + uri);
    }
    try {
      Object doc = json.parse(body);
      if (doc == null) {
        throw new PluginJsonException("the document is JSON null");
      }
      return doc;
    } catch (PluginJsonException e) {
      throw new WikiException(
          ErrorCode.UPSTREAM_API_ERROR,
          wikiName + " did not answer: undecodable JSON (" + e.getMessage() + ") from " + uri,
          e);
    }
  }

  /** {@code Retry-After} as a wait from now: delay-seconds or an HTTP date; unreadable is empty. */
  private Optional<Duration> retryAfter(Optional<String> header) {
    if (header.isEmpty()) {
      return Optional.empty();
    }
    String value = header.get().trim();
    try {
      return Optional.of(Duration.ofSeconds(Math.max(0, Long.parseLong(value))));
    } catch (NumberFormatException notSeconds) {
      try {
        Instant when = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        Duration wait = Duration.between(clock.instant(), when);
        return Optional.of(wait.isNegative() ? Duration.ZERO : wait);
      } catch (DateTimeParseException notADate) {
        return Optional.empty();
      }
    }
  }

  private void pause(int attempt, Optional<Duration> retryAfter) {
    Duration backoff = Duration.ofMillis(500L << (attempt - 1));
    Duration wait = retryAfter.filter(asked -> asked.compareTo(backoff) > 0).orElse(backoff);
    try {
      sleeper.sleep(wait);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw silent(e);
    }
  }

  private WikiException silent(Exception e) {
    return new WikiException(ErrorCode.UPSTREAM_API_ERROR, wikiName + " did not answer: " + e, e);
  }

  /**
   * The request never got an HTTP answer (refused, timed out, the name did not resolve —
   * java.net.http reports all of them as IOExceptions): most often a machine without network
   * access, for which the recorded fixtures are the way to work. A wiki that answered, even with an
   * error, gets no such hint.
   */
  private WikiException unreachable(IOException e) {
    return new WikiException(
        ErrorCode.UPSTREAM_API_ERROR, wikiName + " did not answer: " + e + ". " + OFFLINE_HINT, e);
  }
}
