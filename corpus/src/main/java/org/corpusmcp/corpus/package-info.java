/**
 * The corpus service behind the {@code search} and {@code fetch} tools: corpus.toml, the open
 * libraries (one ZIM archive and one adapter each), federated search and fusion, fetch with section
 * selection and budgets, and the opaque ref codec. Replies are records ({@link
 * org.corpusmcp.corpus.Reply}); the host maps them to JSON.
 */
@NullMarked
package org.corpusmcp.corpus;

import org.jspecify.annotations.NullMarked;
