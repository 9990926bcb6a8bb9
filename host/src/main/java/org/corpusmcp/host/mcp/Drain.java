package org.corpusmcp.host.mcp;

/**
 * What a graceful shutdown did with the requests it had to finish.
 *
 * @param inFlightAtStart requests being served when the shutdown began
 * @param arrivedDuring requests that arrived afterwards on connections already open (HTTP
 *     keep-alive; each answered with {@code Connection: close}); always 0 on stdio, which stops
 *     reading
 * @param cutOff of those, the requests still running when the grace ended
 */
public record Drain(int inFlightAtStart, int arrivedDuring, int cutOff) {

  public Drain {
    if (inFlightAtStart < 0 || arrivedDuring < 0 || cutOff < 0) {
      throw new IllegalArgumentException("negative request count");
    }
    if (cutOff > inFlightAtStart + arrivedDuring) {
      throw new IllegalArgumentException(
          cutOff + " cut off of only " + (inFlightAtStart + arrivedDuring) + " requests");
    }
  }

  /** Every request the shutdown waited for. */
  public int total() {
    return inFlightAtStart + arrivedDuring;
  }

  /** The requests answered before the end. */
  public int finished() {
    return total() - cutOff;
  }
}
