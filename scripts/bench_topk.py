#!/usr/bin/python3
"""A/B of two corpus-mcp builds on one archive: search latency of the scale benchmark's questions
and misspellings (issue 38: top-k matching instead of weighing every match).

Both servers are started on the same archive (a hard link) and asked the same queries, one client,
taking turns: each round, the side that goes first alternates, and `uptime` is printed before each
side's turn, since the machine is shared. Queries are bench_scale.py's (same seed, same titles), so
the figures compare with its table; the first `--warmup` of each kind warm both JVMs.

Usage (from the repository root):
  /usr/bin/python3 scripts/bench_topk.py ARCHIVE.zim --a BASE/bin/corpus-mcp --b NEW/bin/corpus-mcp
      [--rounds 4] [--per-round 50] [--warmup 30] [--tmp DIR]
"""
import argparse
import pathlib
import shutil
import statistics
import subprocess
import tempfile

from bench_kiwix import copies, drive, start_corpus_mcp
from bench_scale import query_sets
from mcpbench import pct

KINDS = ("questions", "misspellings")


def uptime():
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("archive", type=pathlib.Path)
    ap.add_argument("--a", required=True, help="launcher A (the base)")
    ap.add_argument("--b", required=True, help="launcher B (the change)")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--per-round", type=int, default=50)
    ap.add_argument("--warmup", type=int, default=30)
    ap.add_argument("--tmp", default=None)
    a = ap.parse_args()
    need = a.warmup + 1 + a.rounds * a.per_round
    queries = query_sets(a.archive.resolve(), need)
    tmp = tempfile.mkdtemp(prefix="bench-topk-", dir=a.tmp)
    sides, procs = {}, []
    results = {}
    try:
        for name, launcher in (("A", a.a), ("B", a.b)):
            root = pathlib.Path(tmp, name)  # one root each: a server may keep state beside it
            root.mkdir()
            files = copies(a.archive.resolve(), 1, root)
            p, make = start_corpus_mcp(launcher, files, root)
            procs.append(p)
            sides[name] = make
        for make in sides.values():
            for kind in KINDS:
                drive(make, queries[kind][1:1 + a.warmup], 1)
        for r in range(a.rounds):
            for kind in KINDS:
                qs = queries[kind][1 + a.warmup + r * a.per_round:1 + a.warmup + (r + 1) * a.per_round]
                order = ("A", "B") if r % 2 == 0 else ("B", "A")
                for name in order:
                    print(f"round {r + 1} {kind} {name}: {uptime()}", flush=True)
                    s, _, e = drive(sides[name], qs, 1)
                    ms = [x * 1000 for x in s]
                    results.setdefault((name, kind), []).append((pct(ms, 50), pct(ms, 99), e))
                    print(f"  p50 {pct(ms, 50):.1f} ms, p99 {pct(ms, 99):.1f} ms, errors {e}", flush=True)
    finally:
        for p in procs:
            p.terminate()
            p.wait(timeout=30)
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"\n{a.rounds} rounds of {a.per_round} queries per kind, 1 client; median over rounds\n")
    print("| kind | A p50 / p99 | B p50 / p99 | B/A p50 / p99 |")
    print("|---|---|---|---|")
    for kind in KINDS:
        x50, x99 = (statistics.median(v[i] for v in results[("A", kind)]) for i in (0, 1))
        y50, y99 = (statistics.median(v[i] for v in results[("B", kind)]) for i in (0, 1))
        print(f"| {kind} | {x50:.1f} / {x99:.1f} ms | {y50:.1f} / {y99:.1f} ms | "
              f"{y50 / x50:.2f} / {y99 / x99:.2f} |")
    print(f"\nload at end: {uptime()}")


if __name__ == "__main__":
    main()
