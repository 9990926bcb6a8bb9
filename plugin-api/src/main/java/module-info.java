/**
 * The plugin contract: extension points and the values they exchange, nothing else. Plugins run
 * on PF4J's class path, where this descriptor changes nothing at run time; it states, and the
 * compiler checks, which packages are the API, so nothing else becomes one by accident.
 */
module org.corpusmcp.api {
  // ToolProvider and the other extension points extend PF4J's ExtensionPoint, so a plugin
  // compiling against them needs PF4J too. PF4J's jar names no module; "pf4j" is the name Java
  // derives from the jar's file name.
  requires transitive pf4j;
  // @Nullable and @NullMarked are part of every signature's meaning.
  requires transitive org.jspecify;
  // Only for org.corpusmcp.api.markdown, below.
  requires transitive org.jsoup;

  exports org.corpusmcp.api;
  exports org.corpusmcp.api.corpus;
  // Leaving: the HTML-to-Markdown engine is moving to a module of its own. Exported until then
  // because the corpus adapters build their documents with it.
  exports org.corpusmcp.api.markdown;
}
