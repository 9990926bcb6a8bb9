#!/usr/bin/env python3
"""What one request costs in the HTTP front, two builds in turn: ping, tools/list, a repeated search.

Starts each build's `serve --http --port 0` on one library (ARCHIVE, served with the MediaWiki
adapter), warms each with 300 requests of every kind, then runs 6 rounds, the builds taking turns
(the order alternates by round): 300 `ping`, 200 `tools/list` and 100 `tools/call search` of one
fixed query (so its documents are cached and the search itself is small), each over one kept-alive
MCP session. Prints p50/p99 per kind and build and B/A of the p50. A `ping` is the front alone
(routing, session, JSON-RPC envelope); `tools/list` adds the catalogue's answer; the repeated
search adds the corpus's ranking of a cached query.

Usage: scripts/bench_front.py A/bin/corpus-mcp B/bin/corpus-mcp ARCHIVE.zim [--query Q]
"""
import argparse
import os
import pathlib
import statistics
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from mcpbench import McpClient, library_toml, start_http_server  # noqa: E402

KINDS = (("ping", 300), ("tools/list", 200), ("search", 100))


def timed(client, kind, n, query):
    out = []
    for _ in range(n):
        t = time.perf_counter()
        if kind == "search":
            client.tool("search", {"query": query, "limit": 10})
        else:
            client.rpc(kind, {})
        out.append((time.perf_counter() - t) * 1000)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("archive", type=pathlib.Path)
    ap.add_argument("--query", default="memory management")
    ap.add_argument("--rounds", type=int, default=6)
    a = ap.parse_args()
    root = pathlib.Path(tempfile.mkdtemp(prefix="bench-front-"))
    os.link(a.archive, root / a.archive.name)  # not a symlink: the server keeps to its root
    (root / "corpus.toml").write_text(library_toml([a.archive.name]))
    servers = {}
    try:
        for name, launcher in (("a", a.a), ("b", a.b)):
            p, url = start_http_server(root / "corpus.toml", root, launcher=launcher)
            servers[name] = (p, McpClient(url))
        print("load at start:", [f"{x:.2f}" for x in os.getloadavg()])
        for kind, _ in KINDS:
            for s in "ab":
                timed(servers[s][1], kind, 300, a.query)
        res = {(s, k): [] for s in "ab" for k, _ in KINDS}
        for r in range(a.rounds):
            for kind, n in KINDS:
                for s in ("ab" if r % 2 == 0 else "ba"):
                    res[(s, kind)] += timed(servers[s][1], kind, n, a.query)
        for kind, _ in KINDS:
            qa = statistics.quantiles(res[("a", kind)], n=100)
            qb = statistics.quantiles(res[("b", kind)], n=100)
            print(f"{kind:10}  a p50 {qa[49]:.3f} p99 {qa[98]:.3f} ms | b p50 {qb[49]:.3f}"
                  f" p99 {qb[98]:.3f} ms | b/a p50 {qb[49] / qa[49]:.3f}")
        print("load at end:", [f"{x:.2f}" for x in os.getloadavg()])
    finally:
        for p, _ in servers.values():
            p.terminate()
            p.wait(30)
        for f in root.iterdir():
            f.unlink()
        root.rmdir()


if __name__ == "__main__":
    main()
