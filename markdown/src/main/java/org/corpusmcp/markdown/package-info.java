/**
 * The shared HTML → Markdown engine every corpus adapter uses.
 *
 * <ul>
 *   <li>{@link org.corpusmcp.markdown.CleaningPolicy}: a family's cleaning rules as one immutable
 *       value (content root, what to strip, where sections start, which ids are not anchors).
 *   <li>{@link org.corpusmcp.markdown.HtmlSectionizer}: the engine that applies a policy to a page
 *       and cuts it into the section tree of a {@link org.corpusmcp.api.corpus.Document}.
 *   <li>{@link org.corpusmcp.markdown.MarkdownRenderer}: the one deterministic renderer.
 * </ul>
 *
 * All three are immutable and thread-safe and walk the DOM iteratively (jsoup {@code
 * NodeTraversor}), so hostile, deeply nested HTML cannot overflow the stack.
 */
@NullMarked
package org.corpusmcp.markdown;

import org.jspecify.annotations.NullMarked;
