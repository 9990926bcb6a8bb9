#!/usr/bin/env python3
"""What a start costs, counted rather than timed: measures that a loaded machine distorts little.

For each launcher, ROUNDS starts in turn (launcher A, B, A, B, ...), each with the bundled
handbook corpus (CORPUS_CONFIG, CORPUS_ROOT unset) and the launcher's default JVM options:
  stdio  spawn `serve`, send `initialize`, read its answer
  http   spawn `serve --http --port 0`, wait for the `ready` line, POST `initialize`
and, at the moment `initialize` is answered:
  - the process's CPU seconds (user + sys, from /proc),
  - the classes loaded so far, and how many of them were read from a jar (or a plugin's
    directory) rather than the class-data-sharing archive or the JDK's modules (-Xlog:class+load;
    classes generated at run time, lambdas and proxies, are in neither count's second column),
and, from a second start of the same kind with a JFR recording (a copy of the JDK's profile.jfc
with method sampling every 1 ms, given by --jfc), the execution samples of the main thread
taken before `initialize` was answered, and the frames most of them pass through.
Wall-clock times are printed too, as a rough hint only.

Usage:  scripts/startup_counts.py LAUNCHER [LAUNCHER...] [--mode http|stdio] [--rounds 5]
                                  [--jfc S.jfc] [--top 25] [--frames PREFIX ...]
"""
import argparse
import collections
import datetime
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
from mcpbench import launcher_default_opts, wait_until_ready  # noqa: E402

INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                   "clientInfo": {"name": "startup-counts", "version": "0"}}}
LOAD = re.compile(r"\[class,load\s*\] (\S+) source: (.*)$")


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def environment(launcher, extra_opts):
    env = dict(os.environ, LOG_QUERIES="false")
    for name in ("CORPUS_CONFIG", "CORPUS_ROOT"):
        env.pop(name, None)
    env["JAVA_OPTS"] = f"{launcher_default_opts(launcher)} {extra_opts}"
    return env


def start(launcher, mode, extra_opts):
    """Spawn, answer initialize; (wall seconds, cpu seconds, wall-clock time answered)."""
    env = environment(launcher, extra_opts)
    t = time.monotonic()
    if mode == "stdio":
        p = subprocess.Popen([launcher, "serve"], env=env, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        p.stdin.write((json.dumps(INIT) + "\n").encode())
        p.stdin.flush()
        p.stdout.readline()
        answered, at, cpu = time.monotonic() - t, time.time(), cpu_seconds(p.pid)
        p.stdin.close()
    else:
        p = subprocess.Popen([launcher, "serve", "--http", "--port", "0"], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        url = wait_until_ready(p)
        request = urllib.request.Request(url, json.dumps(INIT).encode(), {
            "Content-Type": "application/json", "Accept": "application/json, text/event-stream"})
        urllib.request.urlopen(request).read()
        answered, at, cpu = time.monotonic() - t, time.time(), cpu_seconds(p.pid)
        p.terminate()
    p.wait(timeout=120)
    return answered, cpu, at


def class_counts(log, until):
    """(classes loaded, of them from jars) up to wall-clock time `until`."""
    total = jars = 0
    for line in pathlib.Path(log).read_text().splitlines():
        m = LOAD.search(line)
        if not m:
            continue
        stamp = datetime.datetime.strptime(line[1:line.index("]")], "%Y-%m-%dT%H:%M:%S.%f%z")
        if stamp.timestamp() > until:
            continue
        total += 1
        if m.group(2).startswith(("file:", "jar:")):
            jars += 1
    return total, jars


def jar_classes(log, until):
    names = []
    for line in pathlib.Path(log).read_text().splitlines():
        m = LOAD.search(line)
        if m and m.group(2).startswith(("file:", "jar:")):
            stamp = datetime.datetime.strptime(line[1:line.index("]")], "%Y-%m-%dT%H:%M:%S.%f%z")
            if stamp.timestamp() <= until:
                names.append(m.group(1))
    return names


def main_samples(recording, until):
    """The main thread's execution-sample stacks (outermost frame last) taken before `until`."""
    printed = subprocess.run(["jfr", "print", "--json", "--stack-depth", "200", "--events",
                              "jdk.ExecutionSample", recording],
                             capture_output=True, text=True, check=True).stdout
    stacks = []
    for event in json.loads(printed)["recording"]["events"]:
        v = event["values"]
        if (v.get("sampledThread") or {}).get("javaName") != "main":
            continue
        when = datetime.datetime.fromisoformat(v["startTime"].replace("Z", "+00:00")).timestamp()
        if when > until:
            continue
        frames = (v.get("stackTrace") or {}).get("frames") or []
        stacks.append([f"{f['method']['type']['name']}.{f['method']['name']}" for f in frames])
    return stacks


def summary(xs):
    return f"{statistics.median(xs):.3g} ({min(xs):.3g}-{max(xs):.3g})"


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("launchers", nargs="+")
    ap.add_argument("--mode", choices=("http", "stdio"), default="http")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--jfc", help="JFR settings with 1 ms method sampling; no recording without")
    ap.add_argument("--top", type=int, default=25, help="frames to list (inclusive samples)")
    ap.add_argument("--frames", nargs="*", default=[],
                    help="also count main-thread samples passing through frames with these prefixes")
    ap.add_argument("--list-jar-classes", action="store_true",
                    help="print the classes read from jars in the last start of each launcher")
    a = ap.parse_args()
    print(f"load average at start: {os.getloadavg()}")
    runs = collections.defaultdict(list)
    inclusive = {launcher: collections.Counter() for launcher in a.launchers}
    jar_names = {}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(a.rounds):
            for launcher in a.launchers:
                log = os.path.join(tmp, "classes.log")
                wall, cpu, at = start(launcher, a.mode,
                                      f"-Xlog:class+load=info:file={log}:time,level,tags")
                classes, jars = class_counts(log, at)
                if a.list_jar_classes:
                    jar_names[launcher] = jar_classes(log, at)
                os.remove(log)
                samples = None
                if a.jfc:
                    recording = os.path.join(tmp, "start.jfr")
                    _, _, jat = start(launcher, a.mode,
                                      f"-XX:StartFlightRecording=filename={recording},"
                                      f"settings={a.jfc},dumponexit=true")
                    stacks = main_samples(recording, jat)
                    os.remove(recording)
                    samples = len(stacks)
                    for stack in stacks:
                        for frame in set(stack):
                            inclusive[launcher][frame] += 1
                        for prefix in a.frames:
                            if any(f.startswith(prefix) for f in stack):
                                inclusive[launcher]["[prefix] " + prefix] += 1
                runs[launcher].append((wall, cpu, classes, jars, samples))
    print(f"load average at end: {os.getloadavg()}")
    print(f"\nmode {a.mode}, {a.rounds} starts each, medians (min-max), at `initialize` answered:\n")
    print("| launcher | CPU user+sys s | classes loaded | from jars | main-thread samples (1 ms) | wall s (hint) |")
    print("|---|---|---|---|---|---|")
    for launcher, xs in runs.items():
        wall, cpu, classes, jars, samples = zip(*xs)
        s = summary(samples) if a.jfc else "-"
        print(f"| {launcher} | {summary(cpu)} | {summary(classes)} | {summary(jars)} | {s} | {summary(wall)} |")
    if a.jfc:
        for launcher, counter in inclusive.items():
            print(f"\n{launcher}: main-thread samples through a frame, summed over {a.rounds} starts")
            for prefix in a.frames:
                print(f"  {counter['[prefix] ' + prefix]:6d}  {prefix}*")
            for frame, n in counter.most_common(a.top):
                if not frame.startswith("[prefix]"):
                    print(f"  {n:6d}  {frame}")
    for launcher, names in jar_names.items():
        print(f"\n{launcher}: {len(names)} classes from jars")
        for name in names:
            print(f"  {name}")


if __name__ == "__main__":
    main()
