#!/usr/bin/env python3
"""Two builds of the server, A against B, on the same archive and queries: server CPU per query.

Each round starts each build's `serve --http` on one library in turn (the order alternates by
round), warms it with queries of its own, then times `search(q, limit 10)` plus `fetch` of the
first result for the next queries with one client, and reads the server's CPU time (user +
system, /proc/PID/stat) before and after. Both builds get the same queries in a round, and each
server is a new process, so no document cache holds an answer it was asked before (rounds take
the next queries of the file, from its start again when it runs out). Prints per
round and build: CPU seconds, wall seconds, search p50/p99, fetch p50, and the process's
resident memory split into anonymous (heap and JVM native) and file-backed pages; then the
median CPU of each build and B/A pair by pair.

CPU rather than latency is the figure to compare: on a machine that other work shares, a
latency moves with the load, while the CPU a build spends on the same queries hardly does.

Usage:
  scripts/bench_pair.py --a OLD/bin/corpus-mcp --b NEW/bin/corpus-mcp \\
      --archive /tmp/zim-bench/wiki_80000.zim --queries q/wiki_80000.fulltext.txt \\
      [--rounds 4] [--count 300] [--warm 100] [--jfr PREFIX]

--jfr PREFIX records a JFR profile of every server (PREFIX-a-0.jfr, PREFIX-b-0.jfr, ...).
"""
import argparse
import os
import pathlib
import tempfile

import mcpbench as mb


def cpu_seconds(pid):
    # fields 14 and 15 of /proc/PID/stat (utime, stime), after the parenthesised command name
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def one_round(side, launcher, archive, warm, timed, jfr):
    env = {}
    if jfr:
        # JAVA_OPTS replaces the launcher's default options, so they are passed on with the recording
        env["JAVA_OPTS"] = (
            mb.launcher_default_opts(launcher)
            + f" -XX:StartFlightRecording=filename={jfr},settings=profile"
        )
    with tempfile.TemporaryDirectory() as tmp:
        config = pathlib.Path(tmp) / "corpus.toml"
        config.write_text(mb.library_toml([archive.name]))
        process, url = mb.start_http_server(config, archive.parent, launcher=launcher, env=env)
        return measure(side, process, url, warm, timed)


def measure(side, process, url, warm, timed):
    try:
        mb.search_fetch_load(url, warm, 1)
        before = cpu_seconds(process.pid)
        latencies, errors, wall = mb.search_fetch_load(url, timed, 1)
        spent = cpu_seconds(process.pid) - before
        memory = mb.resident_mib(process.pid)
    finally:
        process.terminate()
        process.wait()
    print(
        f"{side}: cpu {spent:.2f} s, wall {wall:.1f} s,"
        f" search p50 {mb.pct(latencies['search'], 50) * 1000:.1f} ms"
        f" p99 {mb.pct(latencies['search'], 99) * 1000:.1f} ms,"
        f" fetch p50 {mb.pct(latencies['fetch'], 50) * 1000:.1f} ms, errors {errors},"
        f" RSS {memory['VmRSS']} MiB (anonymous {memory['RssAnon']}, file {memory['RssFile']})",
        flush=True,
    )
    return spent


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--a", required=True, help="launcher of build A (the baseline)")
    parser.add_argument("--b", required=True, help="launcher of build B")
    parser.add_argument("--archive", required=True, type=pathlib.Path)
    parser.add_argument("--queries", required=True, help="one query a line")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--count", type=int, default=300, help="timed queries per round")
    parser.add_argument("--warm", type=int, default=100, help="warm-up queries per round")
    parser.add_argument("--jfr", help="record a JFR profile of each server to PREFIX-SIDE-ROUND.jfr")
    args = parser.parse_args()

    queries = [line.strip() for line in open(args.queries, encoding="utf-8") if line.strip()]
    per_round = args.warm + args.count
    if per_round > len(queries):
        parser.error(f"a round takes {per_round} queries, the file has {len(queries)}")
    archive = args.archive.resolve()
    print("load at start:", open("/proc/loadavg").read().split()[:3])
    spent = {"a": [], "b": []}
    for r in range(args.rounds):
        start = (r * per_round) % (len(queries) - per_round + 1)
        chunk = queries[start : start + per_round]
        for side in ("a", "b") if r % 2 == 0 else ("b", "a"):
            jfr = f"{args.jfr}-{side}-{r}.jfr" if args.jfr else None
            launcher = args.a if side == "a" else args.b
            print(f"round {r} ", end="")
            spent[side].append(
                one_round(side, launcher, archive, chunk[: args.warm], chunk[args.warm :], jfr)
            )
    for side, values in spent.items():
        print(f"{side}: median cpu {sorted(values)[len(values) // 2]:.2f} s")
    print("b/a cpu, pair by pair:", [round(b / a, 3) for a, b in zip(spent["a"], spent["b"])])
    print("load at end:", open("/proc/loadavg").read().split()[:3])


if __name__ == "__main__":
    main()
