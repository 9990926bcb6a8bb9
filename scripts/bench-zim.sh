#!/bin/bash
# Side-by-side benchmark of corpus-mcp's pure-Java ZIM reader and libzim, in one run, on the same
# machine, archives and sampled paths; then the pure-Java zstd decoder (aircompressor, the
# product's) beside the JNI one (zstd-jni, test scope only) on each archive's zstd clusters.
# Results: docs/benchmarks/zim-reader.md.
#
#   scripts/bench-zim.sh                 # real samples + a >=100k-entry archive (built once)
#   ARTICLES=80000 scripts/bench-zim.sh  # size of the generated wiki archive (entries ~ 1.3 x ARTICLES)
#   ONLY_BIG=1 scripts/bench-zim.sh      # skip the small real samples
#   ARCHIVES="a.zim b.zim" scripts/bench-zim.sh   # just these archives
#   BIG_ZIM=/tmp/wiki_80000.zim scripts/bench-zim.sh  # reuse a generated archive built elsewhere
#   ZSTD_ROUNDS=5 scripts/bench-zim.sh     # rounds of the decoder comparison (default 30)
#   MAX_SECONDS=60 scripts/bench-zim.sh    # cap per timed loop, both sides (default 120)
#
# Needs /usr/bin/python3 with python3-libzim (libzim_bench.py, make_bench_zim.py), Maven, a JDK 17.
# Everything generated goes to .tmp/zim-bench/ (ignored by git).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd -P)
shared=${SHARED_DIR:-$root/../shared}
out=${OUT_DIR:-$root/.tmp/zim-bench}
articles=${ARTICLES:-80000}
reads=${RANDOM_READS:-5000}
max_seconds=${MAX_SECONDS:-120}
mkdir -p "$out/results"

big=${BIG_ZIM:-$out/wiki_${articles}.zim}
if [ -z "${ARCHIVES:-}" ] && [ ! -f "$big" ]; then
  echo "== building $big with the real libzim writer (make_bench_zim.py, once)" >&2
  /usr/bin/python3 "$shared/tools/make_bench_zim.py" --preset wiki --articles "$articles" \
    --no-install --workers 2 --out-dir "$out" --out "$big" >&2
fi

echo "== compiling the harness (zim module, test classpath)" >&2
(cd "$root" && mvn -B -q -pl zim -am test-compile dependency:build-classpath \
   -Dmdep.outputFile="$out/classpath.txt" -Dmdep.includeScope=test >&2)
# Private copy of the classes, so a concurrent build of the checkout cannot pull them away mid-run.
rm -rf "$out/classes" && mkdir -p "$out/classes"
cp -r "$root/zim/target/classes" "$out/classes/main"
cp -r "$root/zim/target/test-classes" "$out/classes/test"
cp="$out/classes/test:$out/classes/main:$(cat "$out/classpath.txt")"

archives=()
if [ -n "${ARCHIVES:-}" ]; then
  read -r -a archives <<< "$ARCHIVES"
elif [ -z "${ONLY_BIG:-}" ]; then
  archives+=("$shared"/corpus-samples/mediawiki/*.zim "$shared"/corpus-samples/other/*.zim)
fi
[ -n "${ARCHIVES:-}" ] || archives+=("$big")

for zim in "${archives[@]}"; do
  name=$(basename "$zim" .zim)
  echo "== $name: libzim" >&2
  /usr/bin/python3 "$shared/tools/libzim_bench.py" run "$zim" --only open,random,scan \
    --random-reads "$reads" --max-seconds "$max_seconds" --dump-dir "$out/dump" \
    --json "$out/results/$name.libzim.json" >&2
  /usr/bin/python3 "$root/scripts/libzim_lookup_bench.py" "$zim" "$out/dump/$(basename "$zim").random_paths.txt" \
    --append-to "$out/results/$name.libzim.json" >&2
  echo "== $name: corpus-mcp (Java)" >&2
  java -Xmx1g -cp "$cp" org.corpusmcp.zim.ZimReaderBench "$zim" \
    --paths "$out/dump/$(basename "$zim").random_paths.txt" --max-seconds "$max_seconds" \
    --json "$out/results/$name.java.json" >&2
done

echo
echo "# side by side (col1 = libzim via python3-libzim, col2 = corpus-mcp Java; ratio < 1 = Java faster)"
for zim in "${archives[@]}"; do
  name=$(basename "$zim" .zim)
  /usr/bin/python3 "$shared/tools/libzim_bench.py" compare "$out/results/$name.libzim.json" "$out/results/$name.java.json"
done

echo
zstd_rounds=${ZSTD_ROUNDS:-30}
echo "# zstd decoders (every zstd cluster decoded in full; best of $zstd_rounds rounds)"
for zim in "${archives[@]}"; do
  java -Xmx1g -cp "$cp" org.corpusmcp.zim.format.ZstdDecoderBench "$zim" "$zstd_rounds"
done
