package org.corpusmcp.corpus;

/**
 * One document of the corpus: its library and the entry's path in that library's archive. Two paths
 * that redirect to one entry are keyed by the entry they resolve to.
 */
public record DocumentKey(String library, String path) {}
