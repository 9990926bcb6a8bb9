#!/usr/bin/env python3
"""What the start-up archive is worth on a release's first `serve`, and what writing it costs.

Copies a built distribution into a temporary folder (as an unpacked release would be: no archive
written there yet), then, round after round, times three stdio sessions of that copy: spawn ->
initialize answered -> first search answered -> exit after end of input:

  archive     lib/corpus-mcp.jsa in place (written by this copy's own first serve)
  none        no archive, CORPUS_MCP_CDS=off (nothing mapped, nothing written)
  first       no archive, the launcher's default: a training session in the background writes
              one, 20 s after the start (CORPUS_MCP_CDS_TRAIN_DELAY); also timed: when that
              archive is in place, from the spawn of the first session

Usage:  scripts/bench_first_start.py [--dist distribution/target/corpus-mcp] [--rounds 3]
Prints each round's seconds and the load average before it.
"""
import argparse
import os
import pathlib
import shutil
import subprocess
import tempfile
import time

INIT = (b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",'
        b'"capabilities":{},"clientInfo":{"name":"first-start","version":"0"}}}\n')
SEARCH = (b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n'
          b'{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search",'
          b'"arguments":{"query":"corpus.toml library"}}}\n')


def session(launcher, extra_env):
    env = dict(os.environ, **extra_env)
    for name in ("CORPUS_CONFIG", "CORPUS_ROOT", "JAVA_OPTS"):
        env.pop(name, None)
    start = time.monotonic()
    p = subprocess.Popen([str(launcher), "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, env=env)
    p.stdin.write(INIT)
    p.stdin.flush()
    p.stdout.readline()
    init = time.monotonic() - start
    p.stdin.write(SEARCH)
    p.stdin.flush()
    p.stdout.readline()
    search = time.monotonic() - start
    p.stdin.close()
    p.wait()
    return init, search, time.monotonic() - start - search


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dist", type=pathlib.Path,
                        default=pathlib.Path(__file__).resolve().parent.parent
                        / "distribution/target/corpus-mcp")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        home = pathlib.Path(tmp) / "corpus-mcp"
        shutil.copytree(args.dist, home, symlinks=True)
        lib = home / "lib"
        for old in lib.glob("corpus-mcp.jsa*"):
            old.unlink()
        launcher = home / "bin/corpus-mcp"
        # this copy's own archive, written by the training its first serve starts
        session(launcher, {"CORPUS_MCP_CDS_TRAIN_DELAY": "0"})
        while (lib / ".cds-training").exists():
            time.sleep(0.1)
        if not (lib / "corpus-mcp.jsa").exists():
            raise SystemExit("no start-up archive was written (a Java 25+ runtime writes .aot)")
        kept = pathlib.Path(tmp) / "kept"
        kept.mkdir()
        print("seconds: initialize / first search / exit after end of input")
        for r in range(args.rounds):
            load = " ".join(f"{x:.2f}" for x in os.getloadavg())
            with_archive = session(launcher, {})
            for f in lib.glob("corpus-mcp.jsa*"):
                f.rename(kept / f.name)
            none = session(launcher, {"CORPUS_MCP_CDS": "off"})
            spawned = time.monotonic()
            first = session(launcher, {})
            while (lib / ".cds-training").exists():
                time.sleep(0.1)
            ready = time.monotonic() - spawned
            for f in lib.glob("corpus-mcp.jsa*"):
                f.unlink()
            for f in kept.iterdir():
                f.rename(lib / f.name)
            print(f"round {r} (load {load}): "
                  + "  ".join(f"{name} {a:.2f} / {b:.2f} / {c:.2f}" for name, (a, b, c) in
                              (("archive", with_archive), ("none", none), ("first", first)))
                  + f"  archive ready {ready:.1f}",
                  flush=True)


if __name__ == "__main__":
    main()
