package org.corpusmcp.corpus;

/**
 * One line of a document's outline: a section's id, title, level and the length of its own text.
 */
public record OutlineEntry(String id, String title, int level, int chars) {}
