package org.corpusmcp.archwiki.wiki;

import java.io.EOFException;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import javax.net.ssl.SSLException;
import org.corpusmcp.api.PluginJson;
import org.corpusmcp.api.PluginJsonException;
import org.jspecify.annotations.Nullable;

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

  /** The way to work without the wiki, the end of every "could not reach it" message. */
  public static final String OFFLINE_HINT =
      "or set ARCHWIKI_OFFLINE=1 to answer from recorded wiki responses in the folder"
          + " ARCHWIKI_FIXTURES names.";

  /** Pauses between attempts; injected so tests do not sleep. */
  @FunctionalInterface
  public interface Sleeper {
    void sleep(Duration d) throws InterruptedException;
  }

  // Built at the first request, not with the transport: building a java.net.http client sets up
  // the JVM's default TLS context, which parses the trust store and loads some 800 classes, and the
  // plugin is constructed on every start, also by sessions that never ask the wiki.
  private volatile HttpClient client;
  private final URI endpoint;
  private final String userAgent;
  private final Duration requestTimeout;
  private final Sleeper sleeper;
  private final Clock clock;
  private final String wikiName;
  private final String host;
  private final String nextStep;
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
    this.endpoint = endpoint;
    this.userAgent = userAgent;
    this.requestTimeout = requestTimeout;
    this.sleeper = sleeper;
    this.clock = clock;
    boolean arch = endpoint.toString().equals(WikiUrls.ARCH.apiUrl());
    this.wikiName = arch ? "Arch Wiki" : "The wiki at " + endpoint;
    this.host =
        endpoint.getPort() < 0 ? endpoint.getHost() : endpoint.getHost() + ":" + endpoint.getPort();
    // Only a wiki the operator chose can be misnamed; the built-in one can only be out of reach.
    this.nextStep =
        arch
            ? "Check that this machine can reach " + host + ", " + OFFLINE_HINT
            : "Check that ARCHWIKI_API_URL names a wiki that is running and reachable from this"
                + " machine, "
                + OFFLINE_HINT;
  }

  /** {@code corpus-mcp-archwiki/0.1.0 (+https://github.com/corpus-mcp/corpus-mcp; …)}. */
  public static String userAgent(String version) {
    return "corpus-mcp-archwiki/"
        + version
        + " (corpus-mcp Arch wiki evidence plugin; +https://github.com/corpus-mcp/corpus-mcp)"
        + " java.net.http/"
        + Runtime.version().feature();
  }

  private HttpClient client() {
    HttpClient built = client;
    if (built == null) {
      synchronized (this) {
        built = client;
        if (built == null) {
          built =
              HttpClient.newBuilder()
                  .connectTimeout(CONNECT_TIMEOUT)
                  .followRedirects(HttpClient.Redirect.NORMAL)
                  .build();
          client = built;
        }
      }
    }
    return built;
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
        response = client().send(http, HttpResponse.BodyHandlers.ofByteArray());
      } catch (HttpConnectTimeoutException e) {
        if (attempt < MAX_ATTEMPTS) {
          pause(attempt, Optional.empty());
          continue;
        }
        throw unreachable(e, attempt);
      } catch (HttpTimeoutException e) {
        throw unreachable(e, attempt);
      } catch (ConnectException e) {
        if (attempt < MAX_ATTEMPTS) {
          pause(attempt, Optional.empty());
          continue;
        }
        throw unreachable(e, attempt);
      } catch (IOException e) {
        throw unreachable(e, attempt);
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

  /** The call was cancelled (the host's deadline, or shutdown): no hint, nothing is wrong here. */
  private WikiException silent(InterruptedException e) {
    return new WikiException(
        ErrorCode.UPSTREAM_API_ERROR,
        wikiName + " did not answer: the request was cancelled before an answer arrived",
        e);
  }

  /**
   * The request never got an HTTP answer (refused, timed out, the name did not resolve, TLS failed,
   * the connection dropped — java.net.http reports all of them as IOExceptions): most often a
   * machine without network access, for which the recorded fixtures are the way to work. A wiki
   * that answered, even with an error, gets no such hint. The exception itself is never shown: its
   * {@code toString()} is a Java class name, and for a refused connection that is all it says.
   */
  private WikiException unreachable(IOException e, int attempts) {
    return new WikiException(
        ErrorCode.UPSTREAM_API_ERROR,
        wikiName
            + " did not answer"
            + (attempts > 1 ? " (" + attempts + " attempts)" : "")
            + ": "
            + describe(e, host, requestTimeout)
            + ". "
            + nextStep,
        e);
  }

  /**
   * What went wrong, in plain words: {@code could not connect to wiki.archlinux.org: connection
   * refused}. Classified by the exception's type and its causes' types, because java.net.http wraps
   * the socket's own exception (a refused connection is a {@code ConnectException} without a
   * message around a {@code ClosedChannelException}, an unknown host one around an {@code
   * UnresolvedAddressException}); the causes' messages are only matched, never shown.
   */
  static String describe(IOException e, String host, Duration requestTimeout) {
    if (e instanceof HttpConnectTimeoutException) {
      Duration budget =
          CONNECT_TIMEOUT.compareTo(requestTimeout) < 0 ? CONNECT_TIMEOUT : requestTimeout;
      return "could not connect to " + host + ": timed out after " + seconds(budget);
    }
    if (e instanceof HttpTimeoutException) {
      return "no answer from "
          + host
          + ": timed out after "
          + seconds(requestTimeout)
          + " (ARCHWIKI_TIMEOUT)";
    }
    boolean connecting = false;
    boolean tls = false;
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof UnresolvedAddressException || t instanceof UnknownHostException) {
        return "could not connect to " + host + ": the host name does not resolve (DNS)";
      }
      if (t instanceof CertificateException
          || t instanceof CertPathBuilderException
          || t instanceof CertPathValidatorException) {
        // below the SSLHandshakeException, so looked for in the whole chain before that counts
        return "could not connect securely (TLS) to "
            + host
            + ": its certificate is not trusted by this Java installation";
      }
      tls |= t instanceof SSLException;
      connecting |= t instanceof ConnectException;
    }
    if (tls) {
      return "could not connect securely (TLS) to " + host + ": the TLS handshake failed";
    }
    String words = socketWords(e);
    if (connecting) {
      return "could not connect to "
          + host
          + ": "
          + (words == null ? "the connection failed" : words);
    }
    if (words != null) {
      return "the connection to " + host + " failed: " + words;
    }
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof EOFException
          || String.valueOf(t.getMessage()).contains("received no bytes")) {
        return host + " closed the connection before answering";
      }
    }
    return "the connection to " + host + " failed before an answer arrived";
  }

  /** The socket-level reason, matched in the causes' messages (the OS's words, in English). */
  private static @Nullable String socketWords(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      String m = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
      if (m.contains("refused") || t instanceof ClosedChannelException) {
        return "connection refused";
      }
      if (m.contains("reset")) {
        return "connection reset";
      }
      if (m.contains("no route")) {
        return "no route to host";
      }
      if (m.contains("unreachable")) {
        return "network is unreachable";
      }
      if (m.contains("timed out")) {
        return "timed out";
      }
    }
    return null;
  }

  /** {@code 30 s}, {@code 0.3 s}. */
  private static String seconds(Duration d) {
    return BigDecimal.valueOf(d.toMillis(), 3).stripTrailingZeros().toPlainString() + " s";
  }
}
