package org.corpusmcp.host.corpus;

import java.util.List;
import org.corpusmcp.api.ToolHints;
import org.corpusmcp.api.ToolSpec;
import org.corpusmcp.corpus.CorpusService;
import org.corpusmcp.corpus.CorpusSettings;
import org.corpusmcp.corpus.FetchJson;
import org.corpusmcp.corpus.Library;

/**
 * The corpus's MCP surface: exactly two tools, {@code search} and {@code fetch}; their replies and
 * output schemas are {@link CorpusJson}'s and, for fetch, the corpus's {@link FetchJson}'s.
 */
public final class CorpusTools {

  private CorpusTools() {}

  public static List<ToolSpec> of(CorpusService service) {
    CorpusSettings s = service.corpus().settings();
    String libraries =
        String.join(
            ", ",
            service.corpus().libraries().stream()
                .map(l -> l.name() + " (" + l.kind().value() + ")")
                .toList());
    ToolSpec search =
        ToolSpec.builder("search")
            .title("Search the reference corpus")
            .description(
                "Full-text search over the offline reference libraries ("
                    + libraries
                    + ")."
                    + " Returns the best documents first: an exact title match leads, results from several"
                    + " libraries are fused and interleaved. Each result has an opaque 'ref' to pass to"
                    + " fetch() unchanged, a plain-text 'snippet', and up to three 'relevant_sections'"
                    + " whose ids can be passed to fetch(ref, sections). A snippet is a pointer, not a"
                    + " quotation: fetch the document before citing it.")
            .inputSchema(
                """
            {"type":"object",
             "properties":{
               "query":{"type":"string","minLength":1,"maxLength":500,"pattern":"\\\\S",
                        "description":"Words to look for, e.g. 'Bell test loopholes' or a title"},
               "limit":{"type":"integer","minimum":1,"maximum":%d,"default":%d,
                        "description":"How many results (default %d, at most %d)"}},
             "required":["query"],"additionalProperties":false}"""
                    .formatted(
                        s.searchMaxLimit(), s.searchLimit(), s.searchLimit(), s.searchMaxLimit()))
            .outputSchema(CorpusJson.SEARCH_SCHEMA)
            .hints(ToolHints.localLookup())
            .handler(
                args ->
                    CorpusJson.toolResult(
                        service.search(
                            args.string("query"), args.integer("limit", s.searchLimit())),
                        CorpusJson::search))
            .build();
    ToolSpec fetch =
        ToolSpec.builder("fetch")
            .title("Fetch a document")
            .description(
                "Returns a document found by search() as clean Markdown, split into sections."
                    + " Pass 'ref' exactly as search() returned it. Without 'sections' you get the whole"
                    + " document; with 'sections' only those, each followed by its subsections. The lead"
                    + " section has id \"\". Ids come from search()'s relevant_sections or from"
                    + " 'available_sections', which lists every section with its size in characters."
                    + " A reply is at most "
                    + s.maxFetchChars()
                    + " characters"
                    + (s.maxFetchTokens() > 0 ? " and about " + s.maxFetchTokens() + " tokens" : "")
                    + ": when a document is longer you get its first sections and 'truncated': true, and"
                    + " 'omitted_sections' names every section left out; fetch those by id (several per"
                    + " call) to read the rest. A section larger than a whole reply comes cut, marked in"
                    + " its text and with 'truncated': true on the section. Each section carries a"
                    + " 'content_hash' (SHA-256 of its text, the same however it was fetched) and the"
                    + " document its archive's uuid and snapshot and the 'rendering' the hashes cover"
                    + renderings(service)
                    + ", so a quotation can be re-checked against"
                    + " the same archive. Links inside the Markdown that point to corpus:// refs can be"
                    + " fetched too.")
            .inputSchema(
                """
            {"type":"object",
             "properties":{
               "ref":{"type":"string","minLength":1,"maxLength":4096,"pattern":"\\\\S",
                      "description":"A ref from search(), e.g. corpus://Wikipedia/Bell_test"},
               "sections":{"type":"array","maxItems":64,"items":{"type":"string","maxLength":512},
                           "description":"Section ids to return (default: the whole document)"}},
             "required":["ref"],"additionalProperties":false}""")
            .outputSchema(FetchJson.SCHEMA)
            .hints(ToolHints.localLookup())
            .handler(
                args ->
                    CorpusJson.toolResult(
                        service.fetch(args.string("ref"), args.strings("sections")), FetchJson::of))
            .build();
    return List.of(search, fetch);
  }

  /** The renderings the libraries' adapters name, as an example for the fetch description. */
  private static String renderings(CorpusService service) {
    List<String> names =
        service.corpus().libraries().stream().map(Library::rendering).distinct().toList();
    return names.isEmpty() ? "" : " (e.g. " + String.join(", ", names) + ")";
  }
}
