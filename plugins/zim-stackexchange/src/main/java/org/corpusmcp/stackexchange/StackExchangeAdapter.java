package org.corpusmcp.stackexchange;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.corpusmcp.api.corpus.ArchiveMetadata;
import org.corpusmcp.api.corpus.CorpusAdapter;
import org.corpusmcp.api.corpus.Document;
import org.corpusmcp.api.corpus.DocumentKind;
import org.corpusmcp.api.corpus.EntryFacts;
import org.corpusmcp.api.corpus.LinkResolver;
import org.corpusmcp.api.corpus.NotADocument;
import org.corpusmcp.api.corpus.ParseResult;
import org.corpusmcp.api.corpus.SectionId;
import org.corpusmcp.markdown.MarkdownRenderer;
import org.corpusmcp.markdown.Rendered;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.jspecify.annotations.Nullable;
import org.pf4j.Extension;

/**
 * The {@code stackexchange} adapter: question pages of sotoki archives, sotoki 2.x and 3.x markup
 * alike. Each {@code questions/<id>/<slug>} page is one thread, with no lead section:
 *
 * <ul>
 *   <li>{@code question}: the question body, with metadata {@code post_id}, {@code score}, {@code
 *       tags}, {@code author}, {@code date};
 *   <li>{@code accepted-answer}: the answer the markup marks as accepted ({@code .accepted-answer},
 *       {@code itemprop="acceptedAnswer"} or a visible {@code .js-accepted-answer-indicator}),
 *       wherever it sits on the page (sotoki orders answers by score, so it is often not first);
 *   <li>{@code answer-<id>} for every other answer, in page order (score descending).
 * </ul>
 *
 * Answers carry {@code post_id}, {@code score}, {@code accepted}, {@code author} and {@code date};
 * a deleted account also gets {@code author_deleted = true} (its card shows only what sotoki kept,
 * often the numeric user id); an anonymous post (empty card) has no {@code author}. Dates are
 * ISO-8601 local times: the question's from {@code time[itemprop=dateCreated]}, answers' from the
 * card text ("answered Jan 02 '19 at 13:45" → {@code 2019-01-02T13:45}). Comments stay with their
 * post, as a "Comments" list after the body ({@code comments} in the metadata counts them).
 *
 * <p>Stripped, because only post bodies and comments are rendered: headers, sidebars, vote and
 * bookmark widgets, user cards, the Linked and Related lists. Question redirects ({@code
 * questions/<id>}, {@code a/<id>}) are ZIM redirects, resolved by the host. List, tag, user and
 * about pages are not documents. Stateless and thread-safe.
 */
@Extension
public final class StackExchangeAdapter implements CorpusAdapter {

  /** {@code questions/<id>/<slug>}, the only document pages. */
  private static final Pattern QUESTION_PATH = Pattern.compile("questions/(\\d+)/[^/]+");

  /** Card dates, "asked Jan 02 '19 at 13:45" (the month name, day, 2-digit year, time). */
  private static final Pattern CARD_DATE =
      Pattern.compile("([A-Z][a-z]{2}) (\\d{1,2}) '(\\d{2}) at (\\d{1,2}):(\\d{2})");

  /** sotoki's archive names: {@code <domain>_<lang>_all}, {@code _nopic} for that flavour. */
  private static final Pattern SOTOKI_NAME =
      Pattern.compile("[^_]+\\.[^_]+_[a-z]{2,3}_all(_nopic)?");

  private static final Pattern INTEGER = Pattern.compile("[-+]?\\d{1,9}");

  private static final DateTimeFormatter ISO_MINUTES =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm");
  private static final DateTimeFormatter ISO_SECONDS =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss");

  private static final List<String> MONTHS =
      List.of("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec");

  private final MarkdownRenderer renderer = MarkdownRenderer.standard();

  @Override
  public String name() {
    return "stackexchange";
  }

  /**
   * The shared renderer's: the comment lines this adapter writes around its output (author, date)
   * have kept one form under that name; a change to them needs a rendering name of this adapter's.
   */
  @Override
  public String rendering() {
    return MarkdownRenderer.RENDERING;
  }

  @Override
  public DocumentKind kind() {
    return DocumentKind.THREAD;
  }

  /**
   * HTML question pages, {@code questions/<id>/<slug>}; list, tag, user and about pages are not.
   */
  @Override
  public boolean isDocument(EntryFacts entry) {
    return entry.isHtml() && QUESTION_PATH.matcher(entry.path()).matches();
  }

  @Override
  public ParseResult parse(EntryFacts entry, String html, LinkResolver links) {
    org.jsoup.nodes.Document dom = Jsoup.parse(html);
    Element question = dom.selectFirst("#question");
    if (question == null) {
      return new NotADocument("not a question page (no #question)");
    }
    // a thread is its posts: no lead section ahead of the question, which would hold nothing
    Document.Builder thread = Document.builder(title(entry, dom)).withoutLead();

    Map<String, Object> q = new LinkedHashMap<>();
    String qid = firstNonBlank(question.attr("data-questionid"), idFromPath(entry.path()));
    if (!qid.isEmpty()) {
      q.put("post_id", qid);
    }
    putScore(q, question);
    List<String> tags = new ArrayList<>();
    for (Element tag : question.select(".post-taglist a.post-tag, .post-taglist a[rel=tag]")) {
      String t = MarkdownRenderer.normalizeSpace(tag.text());
      if (!t.isEmpty() && !tags.contains(t)) {
        tags.add(t);
      }
    }
    q.put("tags", tags);
    putAuthor(q, question, "asked");
    String created = isoSeconds(dom.selectFirst("time[itemprop=dateCreated][datetime]"));
    if (created != null) {
      q.put("date", created);
    } else {
      putCardDate(q, question, "asked");
    }
    Element answersRoot = dom.selectFirst("#answers");
    List<Element> answers = answersRoot == null ? List.of() : answersRoot.select(".answer");
    q.put("answer_count", answers.size());
    Rendered body = withComments(postMarkdown(question, links), question, q, links);
    thread.section(2, ThreadSections.QUESTION, "Question", body.markdown(), body.text(), q);

    Element accepted = null;
    for (Element a : answers) {
      if (isAccepted(a)) {
        accepted = a;
        break;
      }
    }
    if (accepted != null) {
      Map<String, Object> meta = answerMetadata(accepted, true);
      Rendered md = withComments(postMarkdown(accepted, links), accepted, meta, links);
      thread.section(
          2,
          ThreadSections.ACCEPTED_ANSWER,
          "Accepted answer" + by(meta),
          md.markdown(),
          md.text(),
          meta);
    }
    int n = 0;
    for (Element a : answers) {
      n++;
      if (a.equals(accepted)) {
        continue;
      }
      Map<String, Object> meta = answerMetadata(a, false);
      String id = String.valueOf(meta.getOrDefault("post_id", "n" + n));
      Rendered md = withComments(postMarkdown(a, links), a, meta, links);
      SectionId sid = SectionId.tryParse("answer-" + id);
      thread.section(
          2,
          sid == null ? ThreadSections.answer("n" + n) : sid,
          "Answer" + by(meta),
          md.markdown(),
          md.text(),
          meta);
    }
    return thread.build();
  }

  /**
   * 1.0 for {@code M/Scraper = sotoki …} (2.x writes {@code "sotoki 2.1.3"}, 3.x {@code "sotoki
   * v3.0.2"}); 0 for any other scraper; 0.8 for a sotoki-style name ({@code stackoverflow.com_…},
   * {@code *.stackexchange.com_…}, the other network domains); 0.6 for the {@code stack_exchange}
   * tag; 0.5 for sotoki's naming scheme on another domain ({@code <domain>_<lang>_all}) with {@code
   * M/Flavour} absent, {@code all} or {@code nopic}.
   */
  @Override
  public double detect(ArchiveMetadata metadata) {
    String scraper = metadata.scraper().strip().toLowerCase(Locale.ROOT);
    if (scraper.startsWith("sotoki")) {
      return 1.0;
    }
    if (!scraper.isEmpty()) {
      return 0;
    }
    String name = metadata.name().strip().toLowerCase(Locale.ROOT);
    String site = name.contains("_") ? name.substring(0, name.indexOf('_')) : name;
    boolean seName =
        site.equals("stackoverflow.com")
            || site.endsWith(".stackexchange.com")
            || site.equals("superuser.com")
            || site.equals("serverfault.com")
            || site.equals("askubuntu.com")
            || site.equals("mathoverflow.net")
            || site.equals("stackapps.com");
    if (seName) {
      return 0.8;
    }
    // sotoki's naming scheme on another domain: "<domain>_<lang>_all", Flavour all/nopic/none
    String flavour = metadata.flavour().strip().toLowerCase(Locale.ROOT);
    boolean sotokiFlavour = flavour.isEmpty() || flavour.equals("all") || flavour.equals("nopic");
    if (SOTOKI_NAME.matcher(name).matches() && sotokiFlavour) {
      return 0.5;
    }
    for (String tag : metadata.tags()) {
      if (tag.equalsIgnoreCase("stack_exchange")
          || tag.equalsIgnoreCase("_category:stack_exchange")) {
        return 0.6;
      }
    }
    return 0;
  }

  // ------------------------------------------------------------------------------------------
  // posts

  private static boolean isAccepted(Element answer) {
    if (answer.hasClass("accepted-answer") || answer.attr("itemprop").equals("acceptedAnswer")) {
      return true;
    }
    Element indicator = answer.selectFirst(".js-accepted-answer-indicator");
    return indicator != null
        && !indicator.hasClass("d-none")
        && !indicator.attr("style").replace(" ", "").contains("display:none");
  }

  private Map<String, Object> answerMetadata(Element answer, boolean accepted) {
    Map<String, Object> meta = new LinkedHashMap<>();
    String id = answer.attr("data-answerid").strip();
    if (id.isEmpty() && answer.id().startsWith("answer-")) {
      id = answer.id().substring("answer-".length());
    }
    if (!id.isEmpty() && SectionId.tryParse("answer-" + id) != null) {
      meta.put("post_id", id);
    }
    putScore(meta, answer);
    meta.put("accepted", accepted);
    putAuthor(meta, answer, "answered");
    putCardDate(meta, answer, "answered");
    return meta;
  }

  private Rendered postMarkdown(Element post, LinkResolver links) {
    Element body = post.selectFirst(".js-post-body, .post-text, [itemprop=text]");
    return body == null ? Rendered.EMPTY : renderer.renderBoth(body, links);
  }

  /** The body followed by the post's comments as a list, "text — author (date)". */
  private Rendered withComments(
      Rendered body, Element post, Map<String, Object> meta, LinkResolver links) {
    List<String> lines = new ArrayList<>();
    List<String> plainLines = new ArrayList<>();
    for (Element comment : post.select(".comments-list > li.comment, .comments .comment")) {
      if (!ownedBy(comment, post)) {
        continue;
      }
      Element copy = comment.selectFirst(".comment-copy");
      if (copy == null) {
        continue;
      }
      Rendered text = renderer.renderInlineBoth(copy, links);
      if (text.markdown().isEmpty()) {
        continue;
      }
      StringBuilder line = new StringBuilder("- ").append(text.markdown());
      StringBuilder plain = new StringBuilder(text.text());
      Element user = comment.selectFirst(".comment-user");
      String who = user == null ? "" : MarkdownRenderer.normalizeSpace(user.text());
      if (!who.isEmpty()) {
        line.append(" — ").append(who);
        plain.append(" — ").append(who);
      }
      Element date = comment.selectFirst(".comment-date span[title]");
      String when = date == null ? "" : isoFromTimestamp(date.attr("title"));
      if (!when.isEmpty()) {
        line.append(" (").append(when).append(')');
        plain.append(" (").append(when).append(')');
      }
      if (!lines.contains(line.toString())) {
        lines.add(line.toString());
        plainLines.add(plain.toString());
      }
    }
    meta.put("comments", lines.size());
    if (lines.isEmpty()) {
      return body;
    }
    String list = "**Comments**\n\n" + String.join("\n", lines);
    String plainList = "Comments\n\n" + String.join("\n", plainLines);
    return new Rendered(
        body.markdown().isEmpty() ? list : body.markdown() + "\n\n" + list,
        body.text().isEmpty() ? plainList : body.text() + "\n\n" + plainList);
  }

  /** A comment belongs to the nearest enclosing question or answer. */
  private static boolean ownedBy(Element comment, Element post) {
    for (Element up = comment.parent(); up != null; up = up.parent()) {
      if (up.id().equals("question") || up.hasClass("answer")) {
        return up.equals(post);
      }
    }
    return false;
  }

  private static void putScore(Map<String, Object> meta, Element post) {
    Integer score = integer(post.attr("data-score"));
    if (score == null) {
      Element count = post.selectFirst(".js-vote-count");
      if (count != null) {
        score = integer(count.hasAttr("data-value") ? count.attr("data-value") : count.text());
      }
    }
    if (score != null) {
      meta.put("score", score);
    }
  }

  /**
   * The author's card: the signature marked {@code owner}, else the card whose time says {@code
   * verb} ("asked", "answered"), else the last card of the post (the first may be an editor).
   */
  private static void putAuthor(Map<String, Object> meta, Element post, String verb) {
    Element card = authorCard(post, verb);
    if (card == null) {
      return;
    }
    boolean deleted = card.hasClass("s-user-card__deleted");
    Element link = card.selectFirst(".s-user-card--link, .user-details a");
    String name = link != null ? MarkdownRenderer.normalizeSpace(link.text()) : "";
    if (name.isEmpty()) {
      Element info = card.selectFirst(".s-user-card--info, .user-details");
      if (info != null) {
        Element copy = info.clone();
        copy.select(".s-user-card--awards, ul, .-flair").remove();
        name = MarkdownRenderer.normalizeSpace(copy.text());
      }
    }
    if (!name.isEmpty()) {
      meta.put("author", name);
    }
    if (deleted) {
      meta.put("author_deleted", true);
    }
  }

  private static @Nullable Element authorCard(Element post, String verb) {
    List<Element> cards = new ArrayList<>();
    for (Element card : post.select(".s-user-card, .user-info")) {
      if (ownedByPost(card, post)) {
        cards.add(card);
      }
    }
    if (cards.isEmpty()) {
      return null;
    }
    for (Element card : cards) {
      Element sig = card.closest(".post-signature");
      if (sig != null && sig.hasClass("owner")) {
        return card;
      }
    }
    for (Element card : cards) {
      if (cardTime(card).toLowerCase(Locale.ROOT).startsWith(verb)) {
        return card;
      }
    }
    return cards.get(cards.size() - 1);
  }

  /** Cards inside comments or inside nested posts do not count. */
  private static boolean ownedByPost(Element el, Element post) {
    for (Element up = el.parent(); up != null; up = up.parent()) {
      if (up.equals(post)) {
        return true;
      }
      if (up.hasClass("comment") || up.hasClass("answer") || up.id().equals("question")) {
        return false;
      }
    }
    return false;
  }

  private static String cardTime(Element card) {
    Element time = card.selectFirst(".s-user-card--time, .user-action-time");
    if (time == null) {
      return "";
    }
    String text = time.hasAttr("datetime") ? time.attr("datetime") : time.text();
    return MarkdownRenderer.normalizeSpace(text.isBlank() ? time.text() : text);
  }

  private static void putCardDate(Map<String, Object> meta, Element post, String verb) {
    Element card = authorCard(post, verb);
    if (card == null) {
      return;
    }
    String when = cardDate(cardTime(card));
    if (!when.isEmpty()) {
      meta.put("date", when);
    }
  }

  /** "answered Jan 02 '19 at 13:45" → "2019-01-02T13:45"; "" when it does not parse. */
  static String cardDate(String text) {
    Matcher m = CARD_DATE.matcher(text);
    if (!m.find()) {
      return "";
    }
    int month = MONTHS.indexOf(m.group(1)) + 1;
    if (month == 0) {
      return "";
    }
    try {
      LocalDateTime t =
          LocalDateTime.of(
              2000 + Integer.parseInt(m.group(3)),
              month,
              Integer.parseInt(m.group(2)),
              Integer.parseInt(m.group(4)),
              Integer.parseInt(m.group(5)));
      return t.format(ISO_MINUTES);
    } catch (java.time.DateTimeException e) {
      return "";
    }
  }

  /** {@code time[datetime="2019-01-02T13:45:10.123"]} → "2019-01-02T13:45:10"; null if unusable. */
  private static @Nullable String isoSeconds(@Nullable Element time) {
    if (time == null) {
      return null;
    }
    String iso = isoFromTimestamp(time.attr("datetime"));
    return iso.isEmpty() ? null : iso;
  }

  /** "2019-01-02T14:00:00.000 License: CC BY-SA 4.0" → "2019-01-02T14:00:00"; "" otherwise. */
  static String isoFromTimestamp(String text) {
    String first = text.strip();
    int space = first.indexOf(' ');
    if (space >= 0) {
      first = first.substring(0, space);
    }
    int dot = first.indexOf('.');
    if (dot >= 0) {
      first = first.substring(0, dot);
    }
    if (first.endsWith("Z")) {
      first = first.substring(0, first.length() - 1);
    }
    try {
      return LocalDateTime.parse(first, DateTimeFormatter.ISO_LOCAL_DATE_TIME).format(ISO_SECONDS);
    } catch (DateTimeParseException e) {
      return "";
    }
  }

  // ------------------------------------------------------------------------------------- helpers

  private static String by(Map<String, Object> meta) {
    Object author = meta.get("author");
    return author == null || Boolean.TRUE.equals(meta.get("author_deleted")) ? "" : " by " + author;
  }

  private static String title(EntryFacts entry, org.jsoup.nodes.Document dom) {
    String title = MarkdownRenderer.normalizeSpace(entry.title());
    if (!title.isEmpty()) {
      return title;
    }
    Element h1 = dom.selectFirst("#question-header h1, h1 .question-hyperlink, h1");
    if (h1 != null && !MarkdownRenderer.normalizeSpace(h1.text()).isEmpty()) {
      return MarkdownRenderer.normalizeSpace(h1.text());
    }
    String head = MarkdownRenderer.normalizeSpace(dom.title()).replaceFirst("\\s+-\\s+[^-]*$", "");
    if (!head.isEmpty()) {
      return head;
    }
    String fromPath = entry.path().replaceFirst("^questions/\\d+/", "").replace('-', ' ').strip();
    return fromPath.isEmpty() ? "Untitled question" : fromPath;
  }

  private static String idFromPath(String path) {
    Matcher m = QUESTION_PATH.matcher(path);
    return m.matches() ? m.group(1) : "";
  }

  private static String firstNonBlank(String a, String b) {
    return a.isBlank() ? b : a.strip();
  }

  private static @Nullable Integer integer(String text) {
    String t = text.strip();
    return INTEGER.matcher(t).matches() ? Integer.valueOf(t) : null;
  }
}
