#!/bin/sh
# Writes a distribution's start-up archive from a short MCP session over stdio against the
# bundled handbook corpus: initialize, tools/list, a corpus search, a misspelt one and a fetch, so
# the archive holds the classes an agent's first requests load (a `--version` run loads about a
# quarter of them); when stdin ends, the same run serves both revisions' search over HTTP on a
# loopback port (the launcher's training flag, host's StartupTraining), for `serve --http`. Run by the build after the distribution directory is assembled, and shipped as
# lib/cds-train.sh, which the launcher runs in the background when an installation has no archive
# yet (an unpacked release); a failure here only costs start-up time, so it never fails anything.
# The archive is written beside (CORPUS_MCP_CDS=train: corpus-mcp.new.jsa) and moved into place whole,
# so a server starting meanwhile never maps half a file.
#   train.sh DISTRIBUTION_DIR
set -u
home=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkfifo "$dir/in"
rm -f "$home"/lib/corpus-mcp.jsa* "$home"/lib/corpus-mcp.aot* "$home"/lib/corpus-mcp.new.*
# The bundled corpus, whatever the build machine's environment configures.
env -u CORPUS_CONFIG -u CORPUS_ROOT -u JAVA_OPTS LOG_QUERIES=false CORPUS_MCP_CDS=train \
  "$home/bin/corpus-mcp" serve <"$dir/in" >"$dir/out" 2>"$dir/err" &
pid=$!
exec 3>"$dir/in"
send() { printf '%s\n' "$1" >&3; }
wait_for() { # the reply with id $1, for up to two minutes
  n=0
  until grep -q "\"id\":$1[,}]" "$dir/out" 2>/dev/null; do
    n=$((n + 1))
    if [ "$n" -gt 600 ] || ! kill -0 "$pid" 2>/dev/null; then
      return 1
    fi
    sleep 0.2
  done
}
ok=true
send '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"cds-training","version":"0"}}}'
wait_for 1 || ok=false
send '{"jsonrpc":"2.0","method":"notifications/initialized"}'
send '{"jsonrpc":"2.0","id":2,"method":"tools/list"}'
send '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search","arguments":{"query":"corpus.toml library"}}}'
wait_for 3 || ok=false
ref=$(sed -n 's/.*"ref" *: *"\(corpus:\/\/[^"]*\)".*/\1/p' "$dir/out" | head -n 1)
if [ -n "$ref" ]; then
  send "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"fetch\",\"arguments\":{\"ref\":\"$ref\"}}}"
  wait_for 4 || ok=false
fi
# a word no title holds: the correction path (vocabulary walks, Levenshtein automata)
send '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"search","arguments":{"query":"corpus libary"}}}'
wait_for 5 || ok=false
exec 3>&- # end of input: the server shuts down and the JVM writes the archive as it exits
wait "$pid"
for ending in jsa aot; do
  written="$home/lib/corpus-mcp.new.$ending"
  if [ -f "$written" ]; then
    printf '%s\n' "$home" >"$home/lib/corpus-mcp.$ending.home"
    mv -f "$written" "$home/lib/corpus-mcp.$ending"
  fi
done
if [ "$ok" = true ] && { [ -f "$home/lib/corpus-mcp.jsa" ] || [ -f "$home/lib/corpus-mcp.aot" ]; }; then
  echo "start-up archive written: $(ls "$home"/lib/corpus-mcp.jsa "$home"/lib/corpus-mcp.aot 2>/dev/null)"
else
  echo "warning: no start-up archive written (the distribution still works, starting slower):" >&2
  tail -n 5 "$dir/err" >&2
fi
exit 0
