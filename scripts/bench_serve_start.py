#!/usr/bin/env python3
"""Spawn -> serving of two builds, stdio and Streamable HTTP, taken in turn.

For each build and mode, ROUNDS starts with the bundled handbook corpus (CORPUS_CONFIG,
CORPUS_ROOT and JAVA_OPTS unset, so the launcher's defaults and start-up archive apply):
  stdio  spawn `serve`, send `initialize`, time its answer
  http   spawn `serve --http --port 0`, time the `ready` line, then a POST `initialize`
and the process's CPU time (user + sys, from /proc) when it became ready. Prints the load average
before and after and the medians (min-max) per build and mode.

Usage:  scripts/bench_serve_start.py BASE_LAUNCHER NEW_LAUNCHER [--rounds 8]
"""
import argparse
import json
import os
import statistics
import subprocess
import time
import urllib.request

from mcpbench import wait_until_ready  # this directory is on the module path of a script in it

INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                   "clientInfo": {"name": "bench-serve-start", "version": "0"}}}


def cpu_ms(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def environment():
    env = dict(os.environ, LOG_QUERIES="false")
    for name in ("CORPUS_CONFIG", "CORPUS_ROOT", "JAVA_OPTS"):
        env.pop(name, None)
    return env


def start_stdio(launcher):
    t = time.monotonic()
    p = subprocess.Popen([launcher, "serve"], env=environment(), stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    p.stdin.write((json.dumps(INIT) + "\n").encode())
    p.stdin.flush()
    p.stdout.readline()
    answered = time.monotonic() - t
    cpu = cpu_ms(p.pid)
    p.stdin.close()
    p.wait()
    return answered, answered, cpu


def start_http(launcher):
    t = time.monotonic()
    p = subprocess.Popen([launcher, "serve", "--http", "--port", "0"], env=environment(),
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    url = wait_until_ready(p)
    ready = time.monotonic() - t
    cpu = cpu_ms(p.pid)
    request = urllib.request.Request(url, json.dumps(INIT).encode(), {
        "Content-Type": "application/json", "Accept": "application/json, text/event-stream"})
    urllib.request.urlopen(request).read()
    answered = time.monotonic() - t
    p.terminate()
    p.wait()
    return ready, answered, cpu


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("base")
    ap.add_argument("new")
    ap.add_argument("--rounds", type=int, default=8)
    a = ap.parse_args()
    print(f"load average at start: {os.getloadavg()}")
    runs = {}
    for _ in range(a.rounds):
        for mode, start in (("http", start_http), ("stdio", start_stdio)):
            for name, launcher in (("base", a.base), ("new", a.new)):
                runs.setdefault((mode, name), []).append(start(launcher))
    print(f"load average at end: {os.getloadavg()}")
    print("| mode | build | spawn → initialize answered, median (min-max) | spawn → ready | CPU at ready |")
    print("|---|---|---|---|---|")
    for (mode, name), xs in sorted(runs.items()):
        ready, answered, cpu = zip(*xs)
        print(f"| {mode} | {name} | {statistics.median(answered):.2f} s ({min(answered):.2f}-"
              f"{max(answered):.2f}) | {statistics.median(ready):.2f} s | "
              f"{statistics.median(cpu) / 1000:.2f} s |")


if __name__ == "__main__":
    main()
