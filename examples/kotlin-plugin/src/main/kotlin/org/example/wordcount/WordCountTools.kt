package org.example.wordcount

import org.corpusmcp.api.PluginContext
import org.corpusmcp.api.ToolHints
import org.corpusmcp.api.ToolProvider
import org.corpusmcp.api.ToolResult
import org.corpusmcp.api.ToolSpec
import org.pf4j.Extension

/**
 * One tool, `wordcount_count`: counts the words of a text, or of its most frequent words.
 * Written to show that plugin-api reads naturally from Kotlin: no `!!`, no casts, no checked
 * exceptions, plain maps and lists for JSON.
 */
@Extension
class WordCountTools : ToolProvider {

    override fun defaultToolPrefix(): String = "wordcount_"

    override fun tools(context: PluginContext): List<ToolSpec> = listOf(
        ToolSpec.builder("count")
            .title("Count words")
            .description("Counts the words in a text and lists the most frequent ones.")
            .inputSchema(
                """
                {"type":"object",
                 "properties":{
                   "text":{"type":"string","minLength":1,"description":"The text to count"},
                   "top":{"type":"integer","minimum":0,"maximum":20,"default":3,
                          "description":"How many frequent words to list"}},
                 "required":["text"],"additionalProperties":false}
                """.trimIndent()
            )
            .outputSchema(
                """
                {"type":"object",
                 "properties":{"words":{"type":"integer"},"top":{"type":"array","items":{"type":"string"}}},
                 "required":["words","top"]}
                """.trimIndent()
            )
            .hints(ToolHints.localLookup())
            .handler { args ->
                val words = args.string("text").lowercase()
                    .split(Regex("[^\\p{L}\\p{N}]+"))
                    .filter { it.isNotEmpty() }
                if (words.isEmpty()) {
                    ToolResult.error("no_words", "the text contains no words")
                } else {
                    val top = words.groupingBy { it }.eachCount().entries
                        .sortedWith(compareByDescending<Map.Entry<String, Int>> { it.value }.thenBy { it.key })
                        .take(args.integer("top", 3))
                        .map { it.key }
                    ToolResult.success(mapOf("words" to words.size, "top" to top))
                }
            }
            .build()
    )
}
