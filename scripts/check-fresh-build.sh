#!/usr/bin/env bash
# The README's first command on a machine with Java and Maven alone: copies this checkout (its
# tracked and unignored files, so uncommitted edits count) into a fresh folder, hides every
# optional tool from the PATH (asciidoctor, mmdebstrap, umoci, kiwix-tools, python3 and so its
# libzim, node, php, nginx), then runs `./corpus-mcp call search` there, which builds the
# distribution and answers from the bundled handbook. scripts/test runs it, so a build step that
# needs a system tool fails CI instead of a newcomer's first hour.
#
#   scripts/check-fresh-build.sh
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d "${TMPDIR:-/tmp}/corpus-mcp-fresh.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Optional tools: what scripts/test installs for the tests, and what a build must never need.
hidden='^(asciidoctor|mmdebstrap|umoci|kiwix-.*|python3.*|python|node|nodejs|npm|npx|php.*|nginx|gem|ruby.*)$'
mkdir "$work/bin"
IFS=: read -r -a path_dirs <<<"$PATH"
for dir in "${path_dirs[@]}"; do
  [ -d "$dir" ] || continue
  for tool in "$dir"/*; do
    name=${tool##*/}
    [ -x "$tool" ] && [ ! -d "$tool" ] || continue
    [[ $name =~ $hidden ]] && continue
    [ -e "$work/bin/$name" ] || ln -s "$tool" "$work/bin/$name"
  done
done

mkdir "$work/clone"
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
  [ -e "$file" ] && printf '%s\0' "$file"
done | xargs -0 cp --parents -t "$work/clone"

for tool in asciidoctor python3 kiwix-serve umoci mmdebstrap; do
  if PATH="$work/bin" command -v "$tool" >/dev/null; then
    echo "check-fresh-build: $tool is still on the restricted PATH" >&2
    exit 1
  fi
done

echo "check-fresh-build: ./corpus-mcp call search in a fresh copy, Java and Maven alone on the PATH" >&2
start=$(date +%s)
if ! (cd "$work/clone" && env -u CORPUS_CONFIG -u CORPUS_ROOT PATH="$work/bin" \
    ./corpus-mcp call search '{"query":"corpus.toml library adapter","limit":1}' \
    >"$work/out.json" 2>"$work/err.txt"); then
  cat "$work/err.txt" >&2
  echo "check-fresh-build: the first command failed with Java and Maven alone" >&2
  exit 1
fi
if ! grep -q '"ref" : "corpus://Handbook/' "$work/out.json"; then
  cat "$work/out.json" "$work/err.txt" >&2
  echo "check-fresh-build: the search answered no handbook page" >&2
  exit 1
fi
if ! grep -q 'Man pages left out: asciidoctor is not on the PATH' "$work/err.txt"; then
  cat "$work/err.txt" >&2
  echo "check-fresh-build: the build did not say that it left the man pages out" >&2
  exit 1
fi
echo "check-fresh-build: built and answered in $(($(date +%s) - start)) s" >&2
