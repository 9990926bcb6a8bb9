package org.corpusmcp.zim.search;

import java.util.ArrayList;
import java.util.List;

/**
 * Word splitting shared by the query parser and the snippet generator, as Xapian's TermGenerator
 * and QueryParser split text. Example: {@code "C++ e-mail U.S.A."} gives the words {@code c++},
 * {@code e}, {@code mail}, {@code usa}.
 */
final class Tokenizer {
  private Tokenizer() {}

  /** The words of a text with their UTF-8 byte ranges (no CJK n-grams: a CJK run is one word). */
  static List<XapianSnippets.Word> words(String text, byte[] utf8) {
    int[] cps = text.codePoints().toArray();
    int n = cps.length;
    int[] off = new int[n + 1];
    for (int i = 0; i < n; i++) {
      int c = cps[i];
      off[i + 1] = off[i] + (c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4);
    }
    List<XapianSnippets.Word> out = new ArrayList<>();
    int i = 0;
    int[] end = new int[2];
    while (i < n) {
      if (!CharClasses.isWordChar(cps[i])) {
        i++;
        continue;
      }
      String w = readWord(cps, n, i, end, false);
      out.add(new XapianSnippets.Word(off[i], off[end[1]], w));
      i = end[0];
    }
    return out;
  }

  /**
   * One word starting at a word character; {@code end[0]} receives its end and, if the array has
   * room, {@code end[1]} the end a snippet highlights: that includes up to three trailing '+'/'#'
   * scanned even when they are not part of the term because a word character or a fourth one
   * follows (Xapian highlights "<b>a+</b>b", "<b>C++</b>98" for the terms a and c).
   */
  static String readWord(int[] cps, int n, int i, int[] end, boolean cjk) {
    // initials: A.B.C (ASCII capitals each followed by '.', the last dot optional)
    if (isUpper(cps[i]) && i + 2 < n && cps[i + 1] == '.' && isUpper(cps[i + 2])) {
      StringBuilder b = new StringBuilder();
      int j = i;
      while (j + 1 < n && isUpper(cps[j]) && cps[j + 1] == '.') {
        b.append((char) (cps[j] + 32));
        j += 2;
      }
      boolean ok = true;
      if (j < n && isUpper(cps[j])) {
        if (j + 1 < n && CharClasses.isWordChar(cps[j + 1])) {
          ok = false;
        } else {
          b.append((char) (cps[j] + 32));
          j++;
        }
      } else if (j < n && CharClasses.isWordChar(cps[j])) {
        ok = false;
      }
      if (ok && b.length() >= 2) {
        end[0] = j;
        if (end.length > 1) {
          end[1] = j;
        }
        return b.toString();
      }
    }
    StringBuilder b = new StringBuilder();
    int j = i;
    int prev = -1;
    while (j < n) {
      int c = cps[j];
      if (CharClasses.isWordChar(c) && !(cjk && CharClasses.isCjk(c))) {
        b.appendCodePoint(CharClasses.lower(c));
        prev = c;
        j++;
        continue;
      }
      if (j + 1 < n
          && CharClasses.isWordChar(cps[j + 1])
          && !(cjk && CharClasses.isCjk(cps[j + 1]))) {
        int inf = CharClasses.infix(c);
        if (inf >= 0) {
          b.appendCodePoint(inf);
          prev = inf;
          j++;
          continue;
        }
        if (CharClasses.isDigitInfix(c)
            && prev >= 0
            && CharClasses.isDigit(prev)
            && CharClasses.isDigit(cps[j + 1])) {
          b.appendCodePoint(c);
          prev = c;
          j++;
          continue;
        }
        if (CharClasses.isZeroWidth(c)) {
          j++;
          continue;
        }
      }
      break;
    }
    // up to three trailing '+'/'#', unless a word character follows
    int k = j;
    while (k < n && k - j < 4 && (cps[k] == '+' || cps[k] == '#')) {
      k++;
    }
    if (k > j && k - j <= 3 && (k >= n || !CharClasses.isWordChar(cps[k]))) {
      for (int x = j; x < k; x++) {
        b.appendCodePoint(cps[x]);
      }
      j = k;
    }
    if (end.length > 1) {
      end[1] = Math.max(j, Math.min(k, j + 3));
    }
    end[0] = j;
    return b.toString();
  }

  static boolean isUpper(int c) {
    return c >= 'A' && c <= 'Z';
  }
}
