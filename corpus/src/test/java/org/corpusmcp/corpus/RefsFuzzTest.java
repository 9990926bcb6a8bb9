package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Tag;

/**
 * Jazzer over refs as clients send them. A ref that decodes must encode back to a ref that decodes
 * to the same library and path (a client may send either form); anything else must fail with {@link
 * Refs.InvalidRefException}, the only error {@code fetch} turns into {@code invalid_ref}.
 */
@Tag("fuzz")
class RefsFuzzTest {

  @FuzzTest(maxDuration = "30s")
  void refsDecodeOrFailWithInvalidRef(FuzzedDataProvider data) {
    String ref =
        data.consumeBoolean()
            ? Refs.SCHEME + data.consumeRemainingAsString()
            : data.consumeRemainingAsString();
    Refs.Ref decoded;
    try {
      decoded = Refs.decode(ref);
    } catch (Refs.InvalidRefException expected) {
      return;
    }
    Refs.Ref again = Refs.decode(Refs.encode(decoded.library(), decoded.path()));
    assertEquals(decoded, again);
  }
}
