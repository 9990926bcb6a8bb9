package org.corpusmcp.archwiki;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.corpusmcp.api.PluginJsonException;
import org.corpusmcp.archwiki.json.JsonTree;
import org.corpusmcp.archwiki.wiki.ErrorCode;
import org.corpusmcp.archwiki.wiki.FixtureMissingException;
import org.corpusmcp.archwiki.wiki.MediaWikiClient;
import org.corpusmcp.archwiki.wiki.WikiException;
import org.corpusmcp.archwiki.wikitext.Hashes;
import org.corpusmcp.archwiki.wikitext.HtmlEntities;
import org.corpusmcp.archwiki.wikitext.Markup;
import org.corpusmcp.archwiki.wikitext.PyText;
import org.corpusmcp.archwiki.wikitext.SectionRenderer;
import org.jspecify.annotations.Nullable;

/**
 * The seed's "prove it" flow as code: given the JSON of an earlier {@code page}, {@code section},
 * {@code commands} or {@code warnings} result, fetch each cited revision's wikitext the way an
 * auditor would (the API behind {@code revision_wikitext_url}, or the replay directory offline) and
 * check every fingerprint in it:
 *
 * <ul>
 *   <li>{@code content_hash} is SHA-256(NFC({@code content_raw})), and {@code content_raw} occurs
 *       in the revision (indented blocks: with one marker space restored on each line);
 *   <li>{@code content_hash_cleaned} is SHA-256(NFC({@code content})), and re-rendering {@code
 *       content_raw} with this plugin's rules gives {@code content} again;
 *   <li>{@code wikitext_hash} is the hash of the revision's whole wikitext;
 *   <li>{@code revision_wikitext_url} names the cited revid; an {@code alias_revid} is a redirect
 *       to {@code alias_target}.
 * </ul>
 *
 * Pointers ({@code search}, {@code sections}) and {@code links} carry nothing to check and are
 * refused as such rather than reported as verified. Offline, a redirect revision that was never
 * recorded is reported {@code unchecked} (with a note), never {@code ok}.
 */
public final class Verifier {

  private static final Pattern REDIRECT =
      Pattern.compile("^\\s*#REDIRECT\\s*:?\\s*\\[\\[([^\\]|#]+)", Pattern.CASE_INSENSITIVE);

  private final MediaWikiClient client;

  public Verifier(MediaWikiClient client) {
    this.client = client;
  }

  /** The report; {@code verdict} is {@code verified} or {@code mismatch}. */
  public Map<String, @Nullable Object> verify(String resultJson) {
    Object parsed;
    try {
      parsed = client.json().parse(resultJson);
    } catch (PluginJsonException e) {
      throw invalid("not a tool result: " + e.getMessage());
    }
    Map<String, @Nullable Object> result = JsonTree.object(parsed);
    if (result == null) {
      throw invalid("expected the JSON object of a page, section, commands or warnings result");
    }
    if (result.containsKey("error") && result.containsKey("code")) {
      throw invalid(
          "that is a failed call's result ("
              + result.get("code")
              + "); it cites nothing to verify");
    }
    Map<Long, String> revisions = new HashMap<>();
    List<Map<String, @Nullable Object>> items = new ArrayList<>();
    if (result.containsKey("wikitext_hash")) {
      items.add(checkPage(result, revisions));
    } else if (result.containsKey("extraction_method") && result.containsKey("content_raw")) {
      items.add(checkSection(result, revisions, 0));
    } else if (result.get("commands") instanceof List<?> blocks) {
      int i = 0;
      for (Object b : blocks) {
        items.add(checkCommand(object(b), revisions, i++));
      }
    } else if (result.get("warnings") instanceof List<?> blocks) {
      int i = 0;
      for (Object b : blocks) {
        items.add(checkWarning(object(b), revisions, i++));
      }
    } else if (result.containsKey("source_pattern")) {
      items.add(checkCommand(result, revisions, 0));
    } else if (result.containsKey("message_raw")) {
      items.add(checkWarning(result, revisions, 0));
    } else if (result.containsKey("links")) {
      throw invalid(
          "links are revision-attributed but carry no hash: there is nothing to verify;"
              + " a link is a target, not a quotation");
    } else if (result.containsKey("results") || result.containsKey("sections")) {
      throw invalid("search and sections results are pointers, not evidence: no revid, no hash");
    } else {
      throw invalid("no fingerprinted evidence found in that JSON");
    }
    int failed = 0;
    for (Map<String, @Nullable Object> item : items) {
      if (!Boolean.TRUE.equals(item.get("ok"))) {
        failed++;
      }
    }
    Map<String, @Nullable Object> report = new LinkedHashMap<>();
    report.put("verdict", failed == 0 ? "verified" : "mismatch");
    report.put("checked", items.size());
    report.put("failed", failed);
    report.put("items", items);
    return report;
  }

  private static WikiException invalid(String message) {
    return new WikiException(ErrorCode.INVALID_PARAMS, message);
  }

  private static Map<String, @Nullable Object> object(@Nullable Object o) {
    Map<String, @Nullable Object> m = JsonTree.object(o);
    if (m == null) {
      throw invalid("a list entry is not a JSON object");
    }
    return m;
  }

  private Map<String, @Nullable Object> checkPage(
      Map<String, @Nullable Object> r, Map<Long, String> revisions) {
    Item item = new Item("page", 0, r);
    String wikitext = item.revision(revisions);
    if (wikitext != null) {
      item.check(
          "wikitext_hash",
          Hashes.sha256(wikitext).equals(r.get("wikitext_hash")),
          "the revision's wikitext does not hash to wikitext_hash");
      if (r.get("wikitext") instanceof String given) {
        item.check("wikitext", given.equals(wikitext), "wikitext differs from the revision's");
      }
    }
    return item.report();
  }

  private Map<String, @Nullable Object> checkSection(
      Map<String, @Nullable Object> r, Map<Long, String> revisions, int index) {
    Item item = new Item("section", index, r);
    String raw = item.string("content_raw");
    String content = item.string("content");
    item.hashes(raw, "content_hash", content, "content_hash_cleaned");
    if (raw != null && content != null) {
      item.check(
          "rendering",
          SectionRenderer.render(raw).equals(content),
          "rendering content_raw again does not give content");
    }
    String wikitext = item.revision(revisions);
    if (wikitext != null && raw != null) {
      item.check(
          "in_revision",
          raw.startsWith("=") && wikitext.contains(raw),
          "content_raw is not a heading-led slice of the revision's wikitext");
    }
    return item.report();
  }

  private Map<String, @Nullable Object> checkCommand(
      Map<String, @Nullable Object> r, Map<Long, String> revisions, int index) {
    Item item = new Item("command", index, r);
    String raw = item.string("content_raw");
    String content = item.string("content");
    String pattern = String.valueOf(r.get("source_pattern"));
    item.hashes(raw, "content_hash", content, "content_hash_cleaned");
    if (raw != null && content != null) {
      String again =
          pattern.equals("pre_tag")
              ? PyText.strip(HtmlEntities.unescape(raw), "\n")
              : Markup.cleanCode(raw).text();
      item.check(
          "rendering", again.equals(content), "cleaning content_raw again does not give content");
    }
    String wikitext = item.revision(revisions);
    if (wikitext != null && raw != null) {
      if (pattern.equals("indented_block")) {
        // The one documented exception: restore the marker space on every line, then locate.
        String restored = " " + raw.replace("\n", "\n ");
        boolean found =
            wikitext.startsWith(restored + "\n")
                || wikitext.equals(restored)
                || wikitext.contains("\n" + restored + "\n")
                || wikitext.endsWith("\n" + restored);
        item.check(
            "in_revision",
            found,
            "content_raw (marker space restored on each line) is not lines of the revision");
      } else {
        item.check(
            "in_revision",
            wikitext.contains(raw),
            "content_raw is not a contiguous slice of the revision's wikitext");
      }
    }
    return item.report();
  }

  private Map<String, @Nullable Object> checkWarning(
      Map<String, @Nullable Object> r, Map<Long, String> revisions, int index) {
    Item item = new Item("warning", index, r);
    String raw = item.string("message_raw");
    String message = item.string("message");
    item.hashes(raw, "content_hash", message, "message_hash_cleaned");
    if (raw != null && message != null) {
      item.check(
          "rendering",
          Markup.cleanMessage(raw).equals(message),
          "cleaning message_raw again does not give message");
    }
    String wikitext = item.revision(revisions);
    if (wikitext != null && raw != null) {
      item.check(
          "in_revision",
          wikitext.contains(raw),
          "message_raw is not a contiguous slice of the revision's wikitext");
    }
    Long aliasRevid = JsonTree.integer(r.get("alias_revid"));
    if (aliasRevid != null) {
      String target = JsonTree.string(r.get("alias_target"));
      String redirect = fetch(aliasRevid, revisions, item, "alias_revision");
      if (redirect != null) {
        Matcher m = REDIRECT.matcher(redirect);
        boolean ok = m.find() && target != null && sameTitle(m.group(1), target);
        item.check(
            "alias_revision", ok, "revision " + aliasRevid + " is not a redirect to " + target);
      }
    }
    return item.report();
  }

  private static boolean sameTitle(String a, String b) {
    String x = PyText.strip(a.replace('_', ' '));
    String y = PyText.strip(b.replace('_', ' '));
    if (x.isEmpty() || y.isEmpty()) {
      return false;
    }
    return x.substring(0, 1)
            .toUpperCase(Locale.ROOT)
            .equals(y.substring(0, 1).toUpperCase(Locale.ROOT))
        && x.substring(1).equals(y.substring(1));
  }

  private @Nullable String fetch(long revid, Map<Long, String> revisions, Item item, String check) {
    String cached = revisions.get(revid);
    if (cached != null) {
      return cached;
    }
    try {
      String text = client.revisionWikitext(revid);
      revisions.put(revid, text);
      return text;
    } catch (FixtureMissingException e) {
      if (check.equals("revision") || e.code() != ErrorCode.NOT_RECORDED) {
        // offline and the cited revision itself was never recorded, or the folder is unusable
        // (a setting to fix, not a fact about this revision): loud
        throw e;
      }
      item.unchecked(check, "revision " + revid + " is not in the replay directory");
      return null;
    } catch (WikiException e) {
      if (e.code() == ErrorCode.UPSTREAM_API_ERROR) {
        throw e; // the wiki did not answer: no verdict either way
      }
      item.check(check, false, "revision " + revid + " cannot be read: " + e.getMessage());
      return null;
    }
  }

  /** The checks of one cited item. */
  private final class Item {
    private final Map<String, @Nullable Object> report = new LinkedHashMap<>();
    private final Map<String, String> checks = new LinkedHashMap<>();
    private final List<String> problems = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private final Map<String, @Nullable Object> source;
    private final @Nullable Long revid;

    Item(String kind, int index, Map<String, @Nullable Object> source) {
      this.source = source;
      this.revid = JsonTree.integer(source.get("revid"));
      report.put("kind", kind);
      report.put("index", index);
      report.put("revid", revid);
    }

    @Nullable String string(String key) {
      Object v = source.get(key);
      if (v instanceof String s) {
        return s;
      }
      check(key, false, key + " is missing");
      return null;
    }

    void hashes(@Nullable String raw, String rawKey, @Nullable String shown, String shownKey) {
      if (raw != null) {
        check(
            rawKey,
            Hashes.sha256(raw).equals(source.get(rawKey)),
            rawKey + " is not the SHA-256 of the NFC text it covers");
      }
      if (shown != null) {
        check(
            shownKey,
            Hashes.sha256(shown).equals(source.get(shownKey)),
            shownKey + " is not the SHA-256 of the NFC text it covers");
      }
    }

    @Nullable String revision(Map<Long, String> revisions) {
      if (revid == null) {
        check("revid", false, "no revid: nothing pins this text to a revision");
        return null;
      }
      Object url = source.get("revision_wikitext_url");
      check(
          "revision_wikitext_url",
          client.site().revisionWikitextUrl(revid).equals(url),
          "revision_wikitext_url does not name revid " + revid);
      return fetch(revid, revisions, this, "revision");
    }

    void check(String name, boolean ok, String problem) {
      checks.put(name, ok ? "ok" : "mismatch");
      if (!ok) {
        problems.add(problem);
      }
    }

    void unchecked(String name, String why) {
      checks.put(name, "unchecked");
      notes.add(why);
    }

    Map<String, @Nullable Object> report() {
      report.put("ok", problems.isEmpty());
      report.put("checks", checks);
      report.put("problems", problems);
      if (!notes.isEmpty()) {
        report.put("notes", notes);
      }
      return report;
    }
  }
}
