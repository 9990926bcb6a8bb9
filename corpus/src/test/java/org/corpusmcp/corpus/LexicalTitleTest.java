package org.corpusmcp.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** When a query names an article's whole title: hand-checked cases of the rule. */
class LexicalTitleTest {

  private static int named(String query, String title) {
    return Lexical.titleWordsInQuery(Lexical.terms(query), title);
  }

  @Test
  void aQuestionNamingTheWholeTitleCountsItsWords() {
    assertEquals(3, named("who wrote Hit the Road Jack", "Hit the Road Jack")); // hit, road, jack
    assertEquals(2, named("what was Bob Dylan's birth name", "Bob Dylan")); // of bob dylan birth name
    assertEquals(1, named("who were the members of the Beatles", "The Beatles")); // of members beatles
  }

  @Test
  void aQualifierNeedNotBeNamedButCountsWhenItIs() {
    assertEquals(2, named("who publishes Billboard magazine", "Billboard (magazine)"));
    assertEquals(1, named("Billboard charts", "Billboard (magazine)"));
  }

  @Test
  void aTitleThePartlyNamedOrOneWordAmongManyIsNot() {
    assertEquals(0, named("what is the capital of Western Australia", "Australia")); // 1 of 3 terms
    assertEquals(0, named("how many national parks does the United States have",
        "List of national parks of the United States")); // "list" is not named
    assertEquals(0, named("the who", "The Who")); // stopwords only
  }
}
