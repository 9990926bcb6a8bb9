#!/usr/bin/env bash
# Runs every Jazzer fuzz target of corpus-mcp (tests tagged "fuzz" in plugin-api, plugin-json, markdown, zim,
# corpus, host, plugins/archwiki and the three plugins/zim-* adapters) for a chosen time each, then prints the
# executions of each target and the total.
#
#   scripts/fuzz.sh [DURATION] [extra Maven arguments...]
#
#   DURATION  per target: 90 (seconds), 90s, 15m or 2h; default 60s
#   e.g.      scripts/fuzz.sh 15m
#             scripts/fuzz.sh 5s -Dshared.dir=/data/shared    (samples elsewhere than ../shared)
#
# A finding stops its target: Jazzer saves the input under src/test/resources/<package>/<Class>Inputs
# (replayed by every later -Pfuzz run) or in the module directory, the run fails and this script
# exits non-zero. The full log is left in target/fuzz.log.
set -euo pipefail
cd "$(dirname "$0")/.."

duration="${1:-60s}"
[ $# -gt 0 ] && shift
case "$duration" in
  *h) seconds=$(( ${duration%h} * 3600 )) ;;
  *m) seconds=$(( ${duration%m} * 60 )) ;;
  *s) seconds=${duration%s} ;;
  *) seconds=$duration ;;
esac
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
  echo "scripts/fuzz.sh: DURATION must be seconds or Ns/Nm/Nh, got '$duration'" >&2
  exit 2
fi

mkdir -p target
log=target/fuzz.log
echo "scripts/fuzz.sh: every fuzz target for ${seconds} s each; log in $log" >&2
status=0
# -fn: a finding in one module must not skip the targets of the modules that depend on it.
modules=plugin-api,plugin-json,markdown,zim,corpus,host,plugins/archwiki
modules+=,plugins/zim-mediawiki,plugins/zim-devdocs,plugins/zim-stackexchange
JAZZER_FUZZ=1 mvn -B -Pfuzz test -fn -Dfuzz.duration="$seconds" -pl "$modules" -am "$@" >"$log" 2>&1 \
    || status=$?

# Forks run one after another, so each "Done N runs" line belongs to the last "Running" class.
awk '
  /^\[INFO\] Running / { target = $3 }
  /^Done [0-9]+ runs in [0-9]+ second/ { printf "%-70s %12d runs in %6d s\n", target, $2, $5; total += $2; secs += $5 }
  /Test unit written to / { print "FINDING in " target ": " $NF; findings++ }
  /<<< (FAILURE|ERROR)!/ { failed++ }
  END {
    printf "%-70s %12d runs in %6d s, %d finding(s)\n", "TOTAL", total, secs, findings
    exit (findings > 0 || failed > 0) ? 1 : 0
  }
' "$log" || status=1
if [ "$status" -ne 0 ]; then
  echo "scripts/fuzz.sh: the run failed (exit $status); see $log" >&2
fi
exit "$status"
