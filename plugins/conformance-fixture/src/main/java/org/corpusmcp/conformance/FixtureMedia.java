package org.corpusmcp.conformance;

import java.util.Base64;

/** The smallest media the suite's fixtures call for. */
final class FixtureMedia {

  /** A PNG of one red pixel. */
  static final byte[] RED_PIXEL_PNG =
      Base64.getDecoder()
          .decode(
              "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC");

  /** A WAV of eight silent 8-bit samples at 8 kHz. */
  static final byte[] SILENT_WAV =
      Base64.getDecoder()
          .decode("UklGRiwAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQgAAACAgICAgICAgA==");

  private FixtureMedia() {}
}
