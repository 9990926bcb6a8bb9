#!/usr/bin/python3
"""corpus-mcp's memory after a fixed load, with 1 and with N libraries of one archive.

For each library count (default 1 and 4) and round, this starts the distribution's
`serve --http --port 0` on the archive served as that many libraries (hard links in a temporary
directory: one file on disk and in the page cache, which the server reads with pread, never
maps), runs the same fixed load, and reports after it:
  - VmRSS, and its split from /proc/PID/smaps_rollup: anonymous (heap, native allocations, the
    JVM's own) and file-backed (jars, the CDS archive, shared libraries);
  - the Java heap: committed and used, young and old (jstat -gc);
  - garbage collection during the load: young and full collections, their total and longest
    pause (GC logging switched on with jcmd once the server is up, so the launcher's options are
    not changed);
  - search and fetch latency p50 / p99 (noisy on a shared machine; for orientation only).

The load: --queries queries (the first lines of --queries-file, else words of the archive's
titles read with python3-libzim), spread over --clients concurrent MCP sessions; each query is a
tools/call search {query, limit 10} and a tools/call fetch of its first result. The same queries
in every round and every library count, so the caches see the same work.

Rounds alternate the library counts (1, 4, 1, 4, ...) and, with --compare, the launchers, so all
configurations see the same machine load over time.

Usage (from the repository root, after `mvn -DskipTests package`):
  /usr/bin/python3 scripts/bench_memory.py ARCHIVE.zim [--libraries 1 4] [--rounds 2]
      [--queries 300] [--clients 2] [--queries-file F] [--launcher BIN]
      [--compare NAME=BIN ...] [--env KEY=VALUE ...] [--java-opts "..."] [--gc-logs DIR]

--java-opts sets JAVA_OPTS (which replaces the launcher's default JVM options); --env sets
further environment variables of the server (CLUSTER_CACHE_BYTES=..., ...).
"""
import argparse
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from mcpbench import LAUNCHER, library_toml, pct, rss_mib, search_fetch_load, start_http_server, title_words  # noqa: E402


def smaps(pid):
    """Rss, Anonymous and file-backed (Rss - Anonymous) of a process, in MiB."""
    fields = {}
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 2 and parts[0].endswith(":") and parts[1].isdigit():
                fields[parts[0][:-1]] = int(parts[1])
    rss, anon = fields.get("Rss", 0), fields.get("Anonymous", 0)
    return {"rss": rss // 1024, "anon": anon // 1024, "file": (rss - anon) // 1024}


def heap(pid):
    """Committed and used Java heap in MiB (young = eden + survivors, old), from jstat -gc."""
    out = subprocess.run(["jstat", "-gc", str(pid)], capture_output=True, text=True).stdout
    lines = out.split("\n")
    if len(lines) < 2 or not lines[1].strip():
        return {}
    # Columns a collector does not have (CGC, CGCT with SerialGC) print "-".
    v = dict(zip(lines[0].split(), (float(x) if x != "-" else 0.0 for x in lines[1].split())))
    young_c = v["S0C"] + v["S1C"] + v["EC"]
    young_u = v["S0U"] + v["S1U"] + v["EU"]
    return {"committed": (young_c + v["OC"]) / 1024, "used": (young_u + v["OU"]) / 1024,
            "young_committed": young_c / 1024, "old_committed": v["OC"] / 1024,
            "old_used": v["OU"] / 1024}


PAUSE = re.compile(r"Pause (Young|Full)\b.*?(\d+(?:\.\d+)?)ms\s*$")


def gc_pauses(log):
    """(young pauses, full pauses) in ms from a -Xlog:gc log."""
    young, full = [], []
    if not log.exists():
        return young, full
    for line in log.read_text(errors="replace").splitlines():
        m = PAUSE.search(line)
        if m:
            (young if m.group(1) == "Young" else full).append(float(m.group(2)))
    return young, full


def measure(name, launcher, archive, n, queries, a):
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="bench-memory-", dir=a.tmp))
    files = []
    for i in range(n):
        target = tmp / f"{archive.stem}_{i + 1}.zim"
        os.link(archive, target)  # not a symlink: corpus-mcp resolves those and keeps to its root
        files.append(target.name)
    toml = tmp / "corpus.toml"
    toml.write_text(library_toml(files))
    env = dict(kv.split("=", 1) for kv in a.env)
    if a.java_opts is not None:
        env["JAVA_OPTS"] = a.java_opts
    server, url = start_http_server(toml, tmp, launcher=launcher, env=env)
    log = tmp / "gc.log"
    try:
        subprocess.run(["jcmd", str(server.pid), "VM.log", f"output=file={log}", "what=gc",
                        "decorators=uptime"], capture_output=True, check=True)
        lat, errors, wall = search_fetch_load(url, queries, a.clients)
        errors = errors["search"] + errors["fetch"]
        time.sleep(1)  # let in-flight work settle before reading memory
        mem, h, rss = smaps(server.pid), heap(server.pid), rss_mib(server.pid)
        young, full = gc_pauses(log)
        if a.gc_logs:
            pathlib.Path(a.gc_logs).mkdir(parents=True, exist_ok=True)
            log.replace(pathlib.Path(a.gc_logs, f"{name}-{n}lib-{int(time.time())}.gc.log"))
    finally:
        server.terminate()
        server.wait(30)
        for f in tmp.iterdir():
            f.unlink()
        tmp.rmdir()
    ms = lambda xs: [x * 1000 for x in xs]  # noqa: E731
    return {"name": name, "libraries": n, "rss": rss, **{"rss_" + k: v for k, v in mem.items()},
            **{"heap_" + k: v for k, v in h.items()}, "errors": errors, "wall": wall,
            "young_gcs": len(young), "young_ms": sum(young), "young_max": max(young, default=0),
            "full_gcs": len(full), "full_ms": sum(full), "full_max": max(full, default=0),
            "search_p50": pct(ms(lat["search"]), 50), "search_p99": pct(ms(lat["search"]), 99),
            "fetch_p50": pct(ms(lat["fetch"]), 50), "searches": len(lat["search"])}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("archive", type=pathlib.Path)
    ap.add_argument("--libraries", type=int, nargs="+", default=[1, 4])
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--queries", type=int, default=300)
    ap.add_argument("--queries-file", type=pathlib.Path)
    ap.add_argument("--clients", type=int, default=2)
    ap.add_argument("--launcher", type=pathlib.Path, default=LAUNCHER)
    ap.add_argument("--compare", nargs="*", default=[], metavar="NAME=BIN",
                    help="launchers to compare, alternating (instead of --launcher)")
    ap.add_argument("--env", nargs="*", default=[], metavar="KEY=VALUE")
    ap.add_argument("--java-opts", default=None)
    ap.add_argument("--gc-logs", default=None, help="keep each run's GC log in this directory")
    ap.add_argument("--tmp", default=None, help="where the hard links go (same file system)")
    a = ap.parse_args()
    archive = a.archive.resolve()
    a.tmp = a.tmp or str(archive.parent)
    queries = ([q for q in a.queries_file.read_text().splitlines() if q.strip()][:a.queries]
               if a.queries_file else title_words(archive, a.queries))
    launchers = ([tuple(c.split("=", 1)) for c in a.compare] if a.compare
                 else [("corpus-mcp", str(a.launcher))])
    rows = []
    for r in range(a.rounds):
        for n in a.libraries:
            order = launchers if r % 2 == 0 else launchers[::-1]
            for name, launcher in order:
                row = measure(name, launcher, archive, n, queries, a)
                rows.append(row)
                print(f"round {r + 1}: {name}, {n} libraries: RSS {row['rss']} MiB "
                      f"(anon {row['rss_anon']}, file {row['rss_file']}), heap committed "
                      f"{row['heap_committed']:.0f} used {row['heap_used']:.0f} MiB, "
                      f"{row['young_gcs']} young GCs max {row['young_max']:.1f} ms, "
                      f"{row['full_gcs']} full max {row['full_max']:.1f} ms, "
                      f"{row['errors']} errors", file=sys.stderr, flush=True)
    print(f"archive: {archive.name}, {len(queries)} queries (search + fetch of the first "
          f"result), {a.clients} clients, JAVA_OPTS {a.java_opts or '(launcher default)'}, "
          f"env {' '.join(a.env) or '(none)'}\n")
    print("| server | libraries | RSS MiB | anon | file | heap committed | heap used | young GCs "
          "(total / max ms) | full GCs (total / max ms) | search p50 / p99 ms | fetch p50 ms |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for x in rows:
        print(f"| {x['name']} | {x['libraries']} | {x['rss']} | {x['rss_anon']} | "
              f"{x['rss_file']} | {x['heap_committed']:.0f} | {x['heap_used']:.0f} | "
              f"{x['young_gcs']} ({x['young_ms']:.0f} / {x['young_max']:.1f}) | "
              f"{x['full_gcs']} ({x['full_ms']:.0f} / {x['full_max']:.1f}) | "
              f"{x['search_p50']:.1f} / {x['search_p99']:.1f} | {x['fetch_p50']:.1f} |")
    print(f"\nuptime at end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
