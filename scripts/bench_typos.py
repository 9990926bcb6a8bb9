#!/usr/bin/python3
"""Cost of typo tolerance: search() latency through MCP (stdio) for misspelt titles beside the
same titles spelt right, on one archive.

Queries: COUNT article titles of the archive (python3-libzim, seeded sample), each with its longest
word misspelt once by swapping two inner letters (a Damerau edit of one). Each query runs twice
(the first round warms the JIT and caches; the second is reported). Reported: p50/p90/p99 of the
misspelt queries whose answer says it corrected something, of those it did not, and of the
correctly spelt titles; and how often the misspelt title's article came first.

Usage (from the repository root, after `mvn -DskipTests package`):
  /usr/bin/python3 scripts/bench_typos.py ARCHIVE.zim [--count 200] [--seed 7]
"""
import argparse
import json
import os
import pathlib
import random
import subprocess
import tempfile
import time

from libzim.reader import Archive

from mcpbench import LAUNCHER, pct

def misspell(title, rng):
    words = title.split(" ")
    i = max(range(len(words)), key=lambda k: (len(words[k]), -k))
    w = words[i]
    if len(w) < 5 or not w.isalpha():
        return None
    j = rng.randrange(1, len(w) - 2)
    if w[j] == w[j + 1]:
        return None
    words[i] = w[:j] + w[j + 1] + w[j] + w[j + 2:]
    return " ".join(words)


class Server:
    def __init__(self, config, root):
        env = dict(os.environ, CORPUS_CONFIG=str(config), CORPUS_ROOT=str(root), LOG_QUERIES="false",
                   CORPUS_MCP_DISABLED_PLUGINS="archwiki")
        self.p = subprocess.Popen([str(LAUNCHER), "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, env=env)
        self.n = 0
        self.call("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                 "clientInfo": {"name": "bench-typos", "version": "1"}})
        self.p.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
        self.p.stdin.flush()

    def call(self, method, params):
        self.n += 1
        self.p.stdin.write((json.dumps({"jsonrpc": "2.0", "id": self.n, "method": method,
                                        "params": params}) + "\n").encode())
        self.p.stdin.flush()
        while True:
            msg = json.loads(self.p.stdout.readline())
            if msg.get("id") == self.n:
                return msg

    def search(self, q):
        t = time.perf_counter()
        r = self.call("tools/call", {"name": "search", "arguments": {"query": q, "limit": 5}})
        ms = (time.perf_counter() - t) * 1000
        return ms, r["result"].get("structuredContent", {})

    def close(self):
        self.p.stdin.close()
        self.p.wait(timeout=30)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("archive", type=pathlib.Path)
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    zim = Archive(str(a.archive))
    titles = []
    for i in rng.sample(range(zim.all_entry_count), min(zim.all_entry_count, a.count * 20)):
        e = zim._get_entry_by_id(i)
        if e.is_redirect or not e.get_item().mimetype.startswith("text/html"):
            continue
        bad = misspell(e.title, rng)
        if bad and bad != e.title:
            titles.append((e.title, bad))
        if len(titles) >= a.count:
            break
    with tempfile.TemporaryDirectory() as tmp:
        config = pathlib.Path(tmp) / "corpus.toml"
        config.write_text('version = 1\n\n[[library]]\nname = "Bench"\npath = %s\nadapter = "mediawiki"\n'
                          % json.dumps(a.archive.name))
        server = Server(config, a.archive.resolve().parent)
        try:
            for _ in range(2):
                plain, corrected, uncorrected, first = [], [], [], 0
                for good, bad in titles:
                    ms, _ = server.search(good)
                    plain.append(ms)
                    ms, body = server.search(bad)
                    (corrected if body.get("corrected") else uncorrected).append(ms)
                    results = body.get("results", [])
                    first += bool(results) and results[0].get("title") == good
        finally:
            server.close()
    print("archive: %s (%d entries), %d misspelt titles (seed %d), round 2 of 2"
          % (a.archive.name, zim.all_entry_count, len(titles), a.seed))
    print()
    print("| queries | n | p50 ms | p90 ms | p99 ms |")
    print("|---|---|---|---|---|")
    for name, xs in (("titles as spelt", plain), ("misspelt, corrected", corrected),
                     ("misspelt, not corrected", uncorrected)):
        print("| %s | %d | %.1f | %.1f | %.1f |" % (name, len(xs), pct(xs, 50), pct(xs, 90), pct(xs, 99)))
    print()
    print("misspelt title's article first: %d of %d" % (first, len(titles)))


if __name__ == "__main__":
    main()
