/**
 * The plugin contract: extension points and the values they exchange, nothing else. Plugins run on
 * PF4J's class path, where this descriptor changes nothing at run time; it states, and the compiler
 * checks, which packages are the API, so nothing else becomes one by accident.
 */
@SuppressWarnings({
  "requires-automatic",
  "requires-transitive-automatic"
}) // PF4J has no module-info
module org.corpusmcp.api {
  // ToolProvider and the other extension points extend PF4J's ExtensionPoint, so a plugin
  // compiling against them needs PF4J too. PF4J's jar names no module; "pf4j" is the name Java
  // derives from the jar's file name.
  requires transitive pf4j;
  // @Nullable and @NullMarked are part of every signature's meaning.
  requires transitive org.jspecify;

  exports org.corpusmcp.api;
  exports org.corpusmcp.api.corpus;
}
