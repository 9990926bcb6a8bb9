package org.corpusmcp.corpus;

import java.util.List;
import org.corpusmcp.corpus.FetchResponse.SectionView;

/**
 * The size of a fetch reply's text for any choice the budget weighs (a prefix of the sections, or a
 * cut first section, the rest named as omitted), from parts measured once: the reply without
 * sections, each section, each section id. A choice then costs a few additions instead of writing
 * the reply again.
 */
final class FetchReplySize {

  /** The reply's members are written one level down, and so are the sections in its array. */
  private static final int MEMBER_LEVEL = 1;

  private final TextSize frame;
  private final List<SectionView> pieces;
  private final TextSize[] keptUpTo;
  private final TextSize[] omittedFrom;

  /**
   * @param frame the reply without sections (none kept, none omitted, not truncated)
   * @param pieces every section the reply may hold, in order
   */
  FetchReplySize(FetchResponse frame, List<SectionView> pieces) {
    int n = pieces.size();
    this.frame =
        PrettyJsonSize.of(FetchJson.of(frame), 0)
            .minus(PrettyJsonSize.array(TextSize.ZERO, 0))
            .minus(PrettyJsonSize.of(false, MEMBER_LEVEL));
    this.pieces = pieces;
    keptUpTo = new TextSize[n + 1];
    keptUpTo[0] = TextSize.ZERO;
    for (int i = 0; i < n; i++) {
      keptUpTo[i + 1] = keptUpTo[i].plus(section(pieces.get(i)));
    }
    omittedFrom = new TextSize[n + 1];
    omittedFrom[n] = TextSize.ZERO;
    for (int i = n - 1; i >= 0; i--) {
      omittedFrom[i] = omittedFrom[i + 1].plus(PrettyJsonSize.string(pieces.get(i).id()));
    }
  }

  /** The reply with the first {@code keep} sections, the others omitted. */
  TextSize prefix(int keep) {
    return reply(keptUpTo[keep], keep, keep, keep < pieces.size());
  }

  /** The reply with {@code first} (a cut of the first section) alone, the others omitted. */
  TextSize cut(SectionView first) {
    return reply(section(first), 1, 1, true);
  }

  /** One section's text written on its own, as a whole reply would be. */
  TextSize alone(SectionView piece) {
    return PrettyJsonSize.of(FetchJson.section(piece), 0);
  }

  private TextSize reply(TextSize kept, int keptCount, int firstOmitted, boolean truncated) {
    int omitted = pieces.size() - firstOmitted;
    TextSize size =
        frame
            .plus(PrettyJsonSize.array(kept, keptCount))
            .plus(PrettyJsonSize.of(truncated, MEMBER_LEVEL));
    if (omitted == 0) {
      return size;
    }
    return size.plus(
        PrettyJsonSize.laterMember(
            0, "omitted_sections", PrettyJsonSize.array(omittedFrom[firstOmitted], omitted)));
  }

  private static TextSize section(SectionView piece) {
    return PrettyJsonSize.of(FetchJson.section(piece), MEMBER_LEVEL);
  }
}
