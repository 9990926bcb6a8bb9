package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** When a query names an article's whole title: hand-checked cases of the rule. */
class LexicalTitleTest {

  private static int named(String query, String title) {
    return Lexical.titleWordsInQuery(Lexical.terms(query), title);
  }

  @Test
  void aQuestionNamingTheWholeTitleAsMostOfItsWordsCountsThem() {
    assertEquals(
        3, named("who wrote Hit the Road Jack", "Hit the Road Jack")); // of wrote hit road jack
    assertEquals(2, named("when was Ray Charles born", "Ray Charles")); // of ray charles born
    assertEquals(1, named("billboard", "Billboard (magazine)")); // the qualifier need not be named
  }

  @Test
  void aShortTitleAmongMoreWordsIsNot() {
    assertEquals(0, named("what is the capital of Western Australia", "Australia")); // 1 of 3 terms
    assertEquals(0, named("United States Declaration of Independnece", "United States")); // 2 of 4
    assertEquals(0, named("what was Ray Charles's last studio album", "Ray Charles")); // 2 of 5
    assertEquals(
        0,
        named(
            "Dedicatted to You (Ray Charles album)", "Ray Charles (album)")); // qualifier not named
    assertEquals(
        0,
        named(
            "how many national parks does the United States have",
            "List of national parks of the United States")); // "list" is not named
    assertEquals(0, named("the who", "The Who")); // stopwords only
    assertEquals(
        0,
        named(
            "Billboard magazine history",
            "Billboard (magazine)")); // 1 of 3: the qualifier is no name
  }

  @Test
  void oneLongWordMayBeNamedWithOneLikelyTypingError() {
    assertEquals(2, named("Ray Charls", "Ray Charles")); // a dropped letter
    assertEquals(2, named("Ray Chalres", "Ray Charles")); // two letters swapped
    assertEquals(0, named("Ray Charls", "Ray Charles at Newport")); // "newport" is not named
    assertEquals(0, named("Rya Charls", "Ray Charles")); // two words off: not one typo
    assertEquals(0, named("universe", "University")); // far more than one typing error
    assertEquals(0, named("car", "Cat")); // short words are too near each other to tell
  }
}
