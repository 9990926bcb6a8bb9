#!/usr/bin/env python3
"""Cold start and resident memory of the corpus-mcp host, over stdio and over HTTP.

Measures, for RUNS fresh processes each (after one warm-up run, so the OS file cache is warm):
  init        process spawn -> `initialize` answered (stdio), or -> first 200 on POST
              initialize (HTTP)
  first call  the above plus tools/list and one tools/call
  RSS         resident set size (VmRSS from /proc) after those calls
  CPU         user + system seconds of the server process, spawn to exit (stdio only)

--fresh runs every stdio session (the warm-up too) from a new copy of the launcher's distribution
(`cp -a`, which keeps the files' times as unpacking an archive does), so each is the first run of
an installation; on Java 17 a copy cannot use the build's start-up archive (it holds lib/'s
absolute paths), so this is a first run without one, writing its own at exit.
--vs LAUNCHER runs a second distribution in turn with the first (A B A B ...), so both see the
same machine load.

Usage:  scripts/bench_host.py [--runs 7] [--launcher distribution/target/corpus-mcp/bin/corpus-mcp]
                              [--call TOOL --args JSON] [--env K=V ...]
                              [--stdio-only] [--fresh] [--vs LAUNCHER]
Prints a Markdown table (medians, min-max) for docs/benchmarks/host.md.
"""
import argparse
import json
import os
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from mcpbench import StdioServer  # noqa: E402

INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                   "clientInfo": {"name": "bench", "version": "0"}}}


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def stdio_run(launcher, env, call):
    start = time.perf_counter()
    server = StdioServer(launcher, env)
    server.send(INIT)
    server.recv(1)
    t_init = time.perf_counter() - start
    server.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    server.send({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
    server.recv(2)
    server.send({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
                 "params": {"name": call[0], "arguments": call[1]}})
    reply = server.recv(3)
    t_call = time.perf_counter() - start
    if reply.get("result", {}).get("isError"):
        raise RuntimeError(f"tool call failed: {reply}")
    p = server.process
    rss = rss_java(p.pid)
    server.close_input()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return t_init, t_call, rss, usage.ru_utime + usage.ru_stime


def fresh_stdio_run(launcher, env, call):
    """stdio_run on a new copy of the distribution, the first run of that installation."""
    home = pathlib.Path(launcher).resolve().parent.parent
    with tempfile.TemporaryDirectory() as tmp:
        copy = pathlib.Path(tmp) / "corpus-mcp"
        subprocess.run(["cp", "-a", str(home), str(copy)], check=True)
        return stdio_run(str(copy / "bin/corpus-mcp"), env, call)


def rss_java(pid):
    # The launcher execs java, so the pid is the JVM's.
    return rss_kib(pid)


def post(url, body, session=None):
    headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
    if session:
        headers["Mcp-Session-Id"] = session
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers, method="POST")
    with urllib.request.urlopen(req, timeout=30) as r:
        return r.status, r.headers.get("Mcp-Session-Id"), r.read().decode()


def http_run(launcher, env, call):
    start = time.perf_counter()
    p = subprocess.Popen([launcher, "serve", "--http", "--port", "0"], stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, text=True)
    url = None
    for line in p.stderr:
        m = re.search(r"MCP endpoint: (http://\S+/mcp)", line)
        if m:
            url = m.group(1)
            break
    # The port is only known from the log line; poll initialize from then on.
    while True:
        try:
            status, session, _ = post(url, INIT)
            if status == 200:
                break
        except OSError:
            time.sleep(0.005)
    t_init = time.perf_counter() - start
    post(url, {"jsonrpc": "2.0", "method": "notifications/initialized"}, session)
    post(url, {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}, session)
    _, _, body = post(url, {"jsonrpc": "2.0", "id": 3, "method": "tools/call",
                            "params": {"name": call[0], "arguments": call[1]}}, session)
    t_call = time.perf_counter() - start
    if '"isError":true' in body:
        raise RuntimeError(f"tool call failed: {body[:300]}")
    rss = rss_kib(p.pid)
    p.terminate(); p.wait(timeout=30)
    return t_init, t_call, rss, float("nan")


def summarise(label, samples):
    inits = [s[0] * 1000 for s in samples]
    calls = [s[1] * 1000 for s in samples]
    rss = [s[2] / 1024 for s in samples]
    cpu = [s[3] * 1000 for s in samples]
    fmt = lambda xs, unit: f"{statistics.median(xs):.0f} {unit} ({min(xs):.0f}-{max(xs):.0f})"
    cpu_cell = fmt(cpu, "ms") if cpu[0] == cpu[0] else "-"
    return f"| {label} | {fmt(inits, 'ms')} | {fmt(calls, 'ms')} | {fmt(rss, 'MiB')} | {cpu_cell} |"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--launcher", default="distribution/target/corpus-mcp/bin/corpus-mcp")
    ap.add_argument("--call", default="archwiki_sections")
    ap.add_argument("--args", default='{"title_or_url":"GRUB"}')
    ap.add_argument("--env", action="append", default=[], help="extra K=V for the server")
    ap.add_argument("--stdio-only", action="store_true", help="skip the HTTP runs")
    ap.add_argument("--fresh", action="store_true", help="each stdio run on a new copy")
    ap.add_argument("--vs", help="a second launcher, run in turn with --launcher")
    a = ap.parse_args()
    env = dict(os.environ)
    for kv in a.env:
        k, _, v = kv.partition("=")
        env[k] = v
    call = (a.call, json.loads(a.args))
    launchers = [a.launcher] + ([a.vs] if a.vs else [])
    stdio = fresh_stdio_run if a.fresh else stdio_run
    transports = [("stdio" + (" fresh" if a.fresh else ""), stdio)]
    if not a.stdio_only:
        transports.append(("HTTP", http_run))
    print(f"load {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("| launcher | transport | init | first call | RSS | CPU |")
    print("|---|---|---|---|---|---|")
    for label, fn in transports:
        samples = {l: [] for l in launchers}
        for l in launchers:
            fn(l, env, call)  # warm-up: the OS file cache
        for _ in range(a.runs):
            for l in launchers:  # in turn, so both see the same load
                samples[l].append(fn(l, env, call))
        for l in launchers:
            print(f"| {l} " + summarise(label, samples[l]))
    print(f"load {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
