#!/usr/bin/env python3
"""Where a stdio start-up spends its time, stage by stage, from the JVM's class-load log.

Starts `bin/corpus-mcp serve` once with -Xlog:class+load (wall-clock decorated), sends initialize,
tools/list and one search, and prints a table: each stage begins when the first class of its
package is loaded (JVM boot ends at the host's Main), ends where the next begins, and counts the
classes loaded meanwhile and how many of them came from a jar rather than the class-data-sharing
archive (a jar load means reading, defining and verifying the class on this start). The client's
own events (initialize answered, first search answered) are rows too. Times are from the spawn.

Usage:  scripts/startup_stages.py [--launcher distribution/target/corpus-mcp/bin/corpus-mcp]
                                  [--query corpus.toml] [--env K=V ...] [--keep-log FILE]
JAVA_OPTS is set to the launcher's defaults plus the log option (the archive is used as usual).
"""
import argparse
import datetime
import json
import os
import pathlib
import re
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from mcpbench import LAUNCHER, StdioServer, launcher_default_opts  # noqa: E402


# (stage, class-name prefix): a stage starts at the first class loaded with its prefix.
STAGES = [
    ("host Main", "org.corpusmcp.host.Main"),
    ("command line (picocli)", "picocli."),
    ("logging (slf4j, logback)", "org.slf4j."),
    ("plugins (PF4J)", "org.pf4j."),
    ("corpus open", "org.corpusmcp.corpus."),
    ("ZIM reader", "org.corpusmcp.zim."),
    ("Lucene", "org.apache.lucene."),
    ("MCP SDK server", "io.modelcontextprotocol."),
]

LINE = re.compile(r"^\[([^\]]+)\]\[info\s*\]\[class,load\s*\] (\S+) source: (.*)$")


def session(launcher, env, query):
    """Spawn, initialize, tools/list, one search; the wall-clock spawn time and event times."""
    spawn = time.time()
    start = time.perf_counter()
    server = StdioServer(launcher, env)
    send, recv = server.send, server.recv

    events = []
    send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
          "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                     "clientInfo": {"name": "stages", "version": "0"}}})
    recv(1)
    events.append(("initialize answered", time.perf_counter() - start))
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    send({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
    recv(2)
    send({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
          "params": {"name": "search", "arguments": {"query": query}}})
    reply = recv(3)
    events.append(("first search answered", time.perf_counter() - start))
    if reply.get("result", {}).get("isError") or "error" in reply:
        raise RuntimeError(f"search failed: {json.dumps(reply)[:300]}")
    server.close_input()
    server.process.wait(timeout=60)
    return spawn, events


def loads(log, spawn):
    """(seconds since spawn, class, from_archive) for each line of the class-load log."""
    out = []
    for line in pathlib.Path(log).read_text().splitlines():
        m = LINE.match(line)
        if not m:
            continue
        wall = datetime.datetime.strptime(m.group(1), "%Y-%m-%dT%H:%M:%S.%f%z").timestamp()
        out.append((wall - spawn, m.group(2), m.group(3).startswith("shared objects file")))
    return out


def table(classes, events):
    starts = [("JVM boot (launcher script, JDK classes)", 0.0)]
    for name, prefix in STAGES:
        first = next((t for t, c, _ in classes if c.startswith(prefix)), None)
        if first is not None:
            starts.append((name, first))
    starts.sort(key=lambda s: s[1])
    end = max([t for t, _, _ in classes] + [t for _, t in events])
    rows = ["| stage | from | takes | classes loaded | of them from jars |", "|---|---|---|---|---|"]
    bounds = starts + [("end", end)]
    for (name, t0), (_, t1) in zip(bounds, bounds[1:]):
        window = [c for c in classes if t0 <= c[0] < t1]
        rows.append(f"| {name} | {t0 * 1000:.0f} ms | {(t1 - t0) * 1000:.0f} ms | {len(window)} "
                    f"| {sum(1 for c in window if not c[2])} |")
    for name, t in events:
        rows.append(f"| **{name}** | {t * 1000:.0f} ms | | "
                    f"{sum(1 for c in classes if c[0] <= t)} | "
                    f"{sum(1 for c in classes if c[0] <= t and not c[2])} |")
    return "\n".join(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--launcher", default=str(LAUNCHER))
    ap.add_argument("--query", default="corpus.toml")
    ap.add_argument("--env", action="append", default=[], help="extra K=V for the server")
    ap.add_argument("--keep-log", help="also write the class-load log here")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "classes.log")
        env = dict(os.environ)
        env["JAVA_OPTS"] = f"{launcher_default_opts(a.launcher)} -Xlog:class+load=info:file={log}:time,level,tags"
        for kv in a.env:
            k, _, v = kv.partition("=")
            env[k] = v
        spawn, events = session(a.launcher, env, a.query)
        classes = loads(log, spawn)
        if a.keep_log:
            pathlib.Path(a.keep_log).write_text(pathlib.Path(log).read_text())
    print(table(classes, events))


if __name__ == "__main__":
    main()
