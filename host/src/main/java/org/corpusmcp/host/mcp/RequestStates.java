package org.corpusmcp.host.mcp;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code requestState} of revision 2026-07-28's multi round-trip requests: what a request's
 * earlier rounds were answered, carried by the client between rounds so that no server keeps it,
 * and tamper-evident because the client could otherwise change an earlier answer or replay it
 * elsewhere (the revision: "servers MUST treat requestState as attacker-controlled input").
 *
 * <p>A state is {@code base64url(payload) "." base64url(HMAC-SHA256(key, payload))}; the payload is
 * JSON naming the method, the tool or prompt, a digest of the arguments, an expiry and the answers.
 * {@link #open} refuses one whose signature, request or expiry does not match. The key is random
 * per process unless the operator sets one ({@value #ENV_KEY}), which replicas behind one balancer
 * must share so that any of them can take the next round.
 */
public final class RequestStates {

  /** The environment variable whose text, hashed, is the signing key. */
  public static final String ENV_KEY = "CORPUS_MCP_REQUEST_STATE_KEY";

  /** How long a client has to answer: a person may take minutes to fill in a form. */
  static final Duration TTL = Duration.ofMinutes(15);

  private static final String HMAC = "HmacSHA256";

  /** Why a state was refused, in words for the client (-32602). */
  static final class Refused extends Exception {
    private static final long serialVersionUID = 1L;

    Refused(String message) {
      super(message, null, false, false);
    }
  }

  private final JsonMapper json;
  private final SecretKeySpec key;
  private final Clock clock;

  RequestStates(JsonMapper json, byte[] key, Clock clock) {
    this.json = json;
    this.key = new SecretKeySpec(key.clone(), HMAC);
    this.clock = clock;
  }

  /** States signed with the operator's key from {@code environment}, or a random one. */
  public static RequestStates from(JsonMapper json, Map<String, String> environment) {
    String configured = environment.get(ENV_KEY);
    byte[] key = new byte[32];
    if (configured != null && !configured.isBlank()) {
      key = sha256(configured.getBytes(StandardCharsets.UTF_8));
    } else {
      new SecureRandom().nextBytes(key);
    }
    return new RequestStates(json, key, Clock.systemUTC());
  }

  /** A state for the next round of {@code method} on {@code name}, carrying {@code answers}. */
  String seal(
      String method, String name, @Nullable JsonNode arguments, Map<String, JsonNode> answers) {
    ObjectNode payload = json.createObjectNode();
    payload.put("m", method);
    payload.put("n", name);
    payload.put("d", digest(arguments));
    payload.put("x", clock.millis() + TTL.toMillis());
    ObjectNode carried = payload.putObject("r");
    answers.forEach(carried::set);
    byte[] bytes = json.writeValueAsBytes(payload);
    Base64.Encoder base64 = Base64.getUrlEncoder().withoutPadding();
    return base64.encodeToString(bytes) + "." + base64.encodeToString(sign(bytes));
  }

  /**
   * The answers a state carries, once it is shown to be one this server signed for this very
   * request and not yet expired.
   */
  Map<String, JsonNode> open(String state, String method, String name, @Nullable JsonNode arguments)
      throws Refused {
    int dot = state.indexOf('.');
    byte[] payload;
    byte[] signature;
    try {
      payload = Base64.getUrlDecoder().decode(state.substring(0, Math.max(dot, 0)));
      signature = Base64.getUrlDecoder().decode(state.substring(dot + 1));
    } catch (IllegalArgumentException e) {
      throw new Refused("Invalid params: 'requestState' is not one this server issued");
    }
    if (dot < 0 || !MessageDigest.isEqual(sign(payload), signature)) {
      throw new Refused("Invalid params: 'requestState' is not one this server issued");
    }
    JsonNode read;
    try {
      read = json.readTree(payload);
    } catch (JacksonException e) {
      throw new Refused("Invalid params: 'requestState' is not one this server issued");
    }
    if (!method.equals(read.path("m").asString())
        || !name.equals(read.path("n").asString())
        || !digest(arguments).equals(read.path("d").asString())) {
      throw new Refused("Invalid params: 'requestState' belongs to another request");
    }
    if (read.path("x").asLong() < clock.millis()) {
      throw new Refused(
          "Invalid params: 'requestState' has expired; send the request again without it");
    }
    Map<String, JsonNode> answers = new TreeMap<>();
    read.path("r").properties().forEach(e -> answers.put(e.getKey(), e.getValue()));
    return answers;
  }

  private byte[] sign(byte[] payload) {
    try {
      Mac mac = Mac.getInstance(HMAC);
      mac.init(key);
      return mac.doFinal(payload);
    } catch (NoSuchAlgorithmException | InvalidKeyException e) {
      throw new IllegalStateException("every Java platform has HmacSHA256", e);
    }
  }

  /** The arguments' digest, independent of the order their members were sent in. */
  private String digest(@Nullable JsonNode arguments) {
    Object canonical =
        arguments == null || arguments.isNull()
            ? Map.of()
            : sorted(json.convertValue(arguments, Object.class));
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString(sha256(json.writeValueAsBytes(canonical)));
  }

  private static @Nullable Object sorted(@Nullable Object value) {
    if (value instanceof Map<?, ?> map) {
      TreeMap<String, @Nullable Object> out = new TreeMap<>();
      map.forEach((k, v) -> out.put(String.valueOf(k), sorted(v)));
      return out;
    }
    if (value instanceof List<?> list) {
      return list.stream().map(RequestStates::sorted).toList();
    }
    return value;
  }

  private static byte[] sha256(byte[] bytes) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(bytes);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }
}
