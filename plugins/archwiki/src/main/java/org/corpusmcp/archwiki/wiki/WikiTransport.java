package org.corpusmcp.archwiki.wiki;

/**
 * Answers API requests with the decoded JSON document. Implementations: {@link HttpTransport} (the
 * live wiki) and {@link ReplayTransport} (recorded responses); tests pass a lambda.
 *
 * <p>Contract: return the decoded document whatever it says (an {@code error} envelope is
 * classified by {@link MediaWikiClient}); throw {@link WikiException} with {@link
 * ErrorCode#UPSTREAM_API_ERROR} when no JSON answer was obtained; throw {@link
 * FixtureMissingException} for an unrecorded offline request. Must be thread-safe.
 */
@FunctionalInterface
public interface WikiTransport {
  Object get(ApiRequest request);
}
