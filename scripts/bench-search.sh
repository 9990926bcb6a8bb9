#!/bin/bash
# Side-by-side benchmark of corpus-mcp's pure-Java search/suggestions and libzim, in one run, on the
# same machine, archives and query files. Results and commands: docs/benchmarks/search.md.
#
#   scripts/bench-search.sh                  # samples with a full-text index + the generated archives
#   ONLY_BIG=1 scripts/bench-search.sh       # only the generated >=100k-entry archive
#   ARTICLES=80000 scripts/bench-search.sh   # articles in the generated wiki archive (entries ~1.3x)
#   ARCHIVES="a.zim b.zim" scripts/bench-search.sh   # just these archives
#   ROUNDS=3 OPEN_REPS=20 WARM_OPEN_REPS=120 # defaults: libzim and Java alternate ROUNDS times per
#                                            # archive; the table takes each row's median over rounds
#
# Queries: ../shared/tools/make_queries.py (seeded, per archive). libzim side:
# ../shared/tools/libzim_bench.py run --only searcher,search,suggest (libzim 8.1.1 via python3-libzim).
# Java side: org.corpusmcp.zim.search.SearchBench (test classpath), semantics 8.1 = the same query
# processing as the installed libzim. Everything generated goes to .tmp/ (ignored by git); the big
# archive is shared with scripts/bench-zim.sh (.tmp/zim-bench/wiki_<ARTICLES>.zim, built once).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd -P)
shared=${SHARED_DIR:-$root/../shared}
out=${OUT_DIR:-$root/.tmp/search-bench}
articles=${ARTICLES:-80000}
count=${QUERIES:-300}
passes=${PASSES:-3}
rounds=${ROUNDS:-3}
open_reps=${OPEN_REPS:-20}
warm_open_reps=${WARM_OPEN_REPS:-120}
mkdir -p "$out/results" "$out/queries"

big=${BIG:-$root/.tmp/zim-bench/wiki_${articles}.zim}
if [ -z "${ARCHIVES:-}" ] && [ ! -f "$big" ]; then
  echo "== building $big with the real libzim writer (make_bench_zim.py, once; ~25 min for 80000)" >&2
  mkdir -p "$(dirname "$big")"
  /usr/bin/python3 "$shared/tools/make_bench_zim.py" --preset wiki --articles "$articles" \
    --no-install --workers 2 --out-dir "$(dirname "$big")" --out "$big" >&2
fi
mid=${MID:-$out/wiki_5000.zim}
if [ -z "${ARCHIVES:-}" ] && [ ! -f "$mid" ]; then
  echo "== building $mid (5,000 articles, one worker)" >&2
  /usr/bin/python3 "$shared/tools/make_bench_zim.py" --preset wiki --articles 5000 --workers 1 \
    --no-install --out-dir "$out" --out "$mid" >&2
fi

echo "== compiling the harness (zim module, test classpath)" >&2
(cd "$root" && mvn -B -q -pl zim -am test-compile dependency:build-classpath \
   -Dmdep.outputFile="$out/classpath.txt" -Dmdep.includeScope=test >&2)
cp="$root/zim/target/test-classes:$root/zim/target/classes:$(cat "$out/classpath.txt")"

archives=()
if [ -n "${ARCHIVES:-}" ]; then
  read -r -a archives <<< "$ARCHIVES"
elif [ -z "${ONLY_BIG:-}" ]; then
  archives+=("$shared/corpus-samples/mediawiki/wikipedia_en_ray_charles_maxi_2019-08.zim"
             "$shared/corpus-samples/mediawiki/wikipedia_en_100_mini_2022-10.zim"
             "$shared/corpus-samples/mediawiki/wikibooks_be_all_nopic_2017-02_noTitleListingV0.zim"
             "$shared/corpus-samples/other/tonedear.com_en_2024-09.zim"
             "$mid")
fi
[ -n "${ARCHIVES:-}" ] || archives+=("$big")

for zim in "${archives[@]}"; do
  name=$(basename "$zim" .zim)
  if [ ! -f "$out/queries/$name.fulltext.txt" ]; then
    /usr/bin/python3 "$shared/tools/make_queries.py" "$zim" --out-dir "$out/queries" --name "$name" \
      --count "$count" --suggest-count "$count" --seed 42 >&2
  fi
  for round in $(seq 1 "$rounds"); do
    echo "== $name: libzim (round $round of $rounds)" >&2
    /usr/bin/python3 "$shared/tools/libzim_bench.py" run "$zim" --only searcher,search,suggest \
      --queries "$out/queries/$name.fulltext.txt" --suggest-queries "$out/queries/$name.suggest.txt" \
      --passes "$passes" --open-reps "$open_reps" --warm-open-reps "$warm_open_reps" \
      --json "$out/results/$name.libzim.r$round.json" >&2
    echo "== $name: corpus-mcp (Java, round $round of $rounds)" >&2
    # SearchBench: --reps N gives N warm and N/6 cold searcher_init samples
    java -Xmx1g -cp "$cp" org.corpusmcp.zim.search.SearchBench "$zim" \
      --queries "$out/queries/$name.fulltext.txt" --suggest-queries "$out/queries/$name.suggest.txt" \
      --passes "$passes" --reps "$warm_open_reps" --json "$out/results/$name.java.r$round.json" >&2
  done
done

echo
echo "# side by side, round 1 (col1 = libzim 8.1.1 via python3-libzim, col2 = corpus-mcp Java)"
for zim in "${archives[@]}"; do
  name=$(basename "$zim" .zim)
  /usr/bin/python3 "$shared/tools/libzim_bench.py" compare "$out/results/$name.libzim.r1.json" "$out/results/$name.java.r1.json"
done
echo
echo "# p50/p99 per row, median over $rounds rounds (the table in docs/benchmarks/search.md)"
python3 "$root/scripts/bench_search_table.py" "$out/results"
