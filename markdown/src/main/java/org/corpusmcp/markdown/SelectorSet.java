package org.corpusmcp.markdown;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;
import org.jsoup.select.CombiningEvaluator;
import org.jsoup.select.Evaluator;
import org.jsoup.select.QueryParser;
import org.jspecify.annotations.Nullable;

/**
 * Matches an element against any of a list of CSS selectors, as jsoup's {@code QueryParser.parse(
 * "a, b, c")} does, but answers the simple selectors ({@code tag}, {@code .class}, {@code #id},
 * {@code tag.class}) with hash lookups. A cleaning policy lists dozens of them, and jsoup's
 * combined evaluator tries each in turn on every element of every page; the rest (attributes,
 * pseudo-classes, combinators) still go to jsoup, as one evaluator.
 *
 * <p>jsoup's own rules are kept: tag names compare in lower case, class names without regard to
 * case, ids exactly. Thread-safe: immutable after construction.
 *
 * <p>The rest are joined with jsoup's own {@link CombiningEvaluator.Or}, not held inside this
 * evaluator, because jsoup resets the memo of {@code :has} and its kin through its own evaluators
 * before each selection.
 */
final class SelectorSet extends Evaluator {

  private static final Pattern TAG_AND_CLASS =
      Pattern.compile("([a-z][a-z0-9]*)?(?:\\.([A-Za-z0-9_-]+))?");
  private static final Pattern ID = Pattern.compile("#([A-Za-z0-9_-]+)");

  private final Set<String> tags = new HashSet<>();
  private final Set<String> ids = new HashSet<>();

  /** Lower-case class name → the tags it must be on ({@code null}: any tag). */
  private final Map<String, @Nullable Set<String>> classes = new HashMap<>();

  private SelectorSet() {}

  /** The selectors as one evaluator, or null for none. */
  static @Nullable Evaluator anyOf(List<String> selectors) {
    SelectorSet simple = new SelectorSet();
    List<String> others = new ArrayList<>();
    for (String raw : selectors) {
      String selector = raw.strip();
      Matcher tagAndClass = TAG_AND_CLASS.matcher(selector);
      Matcher id = ID.matcher(selector);
      if (!selector.isEmpty() && tagAndClass.matches()) {
        String tag = tagAndClass.group(1);
        String cls = tagAndClass.group(2);
        if (cls == null) {
          simple.tags.add(tag);
        } else {
          simple.addClass(cls.toLowerCase(Locale.ROOT), tag);
        }
      } else if (id.matches()) {
        simple.ids.add(id.group(1));
      } else {
        others.add(selector);
      }
    }
    boolean anySimple =
        !simple.tags.isEmpty() || !simple.ids.isEmpty() || !simple.classes.isEmpty();
    if (others.isEmpty()) {
      return anySimple ? simple : null;
    }
    Evaluator rest = QueryParser.parse(String.join(", ", others));
    return anySimple ? new CombiningEvaluator.Or(List.of(simple, rest)) : rest;
  }

  private void addClass(String cls, @Nullable String tag) {
    if (classes.containsKey(cls) && classes.get(cls) == null) {
      return; // already matched on any tag
    }
    if (tag == null) {
      classes.put(cls, null);
      return;
    }
    Set<String> on = classes.computeIfAbsent(cls, k -> new HashSet<>());
    if (on != null) {
      on.add(tag);
    }
  }

  @Override
  public boolean matches(Element root, Element element) {
    String tag = element.normalName();
    if (tags.contains(tag)) {
      return true;
    }
    if (!ids.isEmpty() && ids.contains(element.id())) {
      return true;
    }
    return !classes.isEmpty() && hasListedClass(element.className(), tag);
  }

  private boolean hasListedClass(String classAttribute, String tag) {
    int n = classAttribute.length();
    int i = 0;
    while (i < n) {
      while (i < n && Character.isWhitespace(classAttribute.charAt(i))) {
        i++;
      }
      int start = i;
      while (i < n && !Character.isWhitespace(classAttribute.charAt(i))) {
        i++;
      }
      if (i > start && isListed(classAttribute.substring(start, i), tag)) {
        return true;
      }
    }
    return false;
  }

  private boolean isListed(String cls, String tag) {
    if (isAscii(cls)) {
      String key = cls.toLowerCase(Locale.ROOT);
      return classes.containsKey(key) && isOn(key, tag);
    }
    // jsoup compares class names with equalsIgnoreCase, under which a few other letters equal
    // ASCII ones (dotless i, long s, the Kelvin sign): rare enough to compare one by one.
    for (String key : classes.keySet()) {
      if (key.equalsIgnoreCase(cls) && isOn(key, tag)) {
        return true;
      }
    }
    return false;
  }

  private boolean isOn(String cls, String tag) {
    Set<String> on = classes.get(cls);
    return on == null || on.contains(tag);
  }

  private static boolean isAscii(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) >= 0x80) {
        return false;
      }
    }
    return true;
  }

  @Override
  protected int cost() {
    return 2; // a few hash lookups, however many selectors
  }

  @Override
  public String toString() {
    return "SelectorSet(tags=" + tags + ", ids=" + ids + ", classes=" + classes + ")";
  }
}
