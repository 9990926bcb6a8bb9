/**
 * The contract between the corpus-mcp host and its plugins.
 *
 * <p>A plugin contributes {@link org.corpusmcp.api.ToolProvider tools} (served as MCP tools under
 * the plugin's name prefix), {@link org.corpusmcp.api.PromptProvider prompts} (served as MCP
 * prompts under their own names), {@link org.corpusmcp.api.ResourceProvider resources} (served as
 * MCP resources and resource templates under their own URIs), or {@link
 * org.corpusmcp.api.corpus.CorpusAdapter corpus adapters} (one family of ZIM archives, served
 * through the host's {@code search} and {@code fetch}), or any mix of them. A plugin may also offer
 * operators {@link org.corpusmcp.api.CommandProvider command-line commands}, which are never MCP
 * tools.
 *
 * <p>Everything here is null-free unless marked {@code @Nullable}, immutable, and free of checked
 * exceptions. JSON crosses the boundary as plain Java values: {@code Map<String, ?>}, {@code
 * List<?>}, {@code String}, {@code Number}, {@code Boolean} and {@code null} (inside maps and lists
 * only). No MCP SDK or Jackson type ever appears in this package.
 */
@NullMarked
package org.corpusmcp.api;

import org.jspecify.annotations.NullMarked;
