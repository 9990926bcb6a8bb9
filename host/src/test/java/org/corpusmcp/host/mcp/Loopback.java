package org.corpusmcp.host.mcp;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;

/**
 * Raw client sockets to a server under test. The servers listen on 127.0.0.1 itself, so the address
 * is given as its four bytes rather than looked up by name.
 */
final class Loopback {

  private Loopback() {}

  static Socket connect(int port) throws IOException {
    return new Socket(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), port);
  }
}
