#!/usr/bin/python3
"""corpus-mcp's search() and fetch() side by side with kiwix-serve, on the same archives.

One run, one machine. For each scenario (an archive served as 1 library, and optionally the same
archive as N libraries):
  1. starts the distribution's server (serve --http --port 0) and kiwix-serve (Debian's
     kiwix-tools) on the same archive file(s);
  2. warms both with the same warm-up queries (JIT, page cache);
  3. ROUNDS rounds; in each, for 1 and for CLIENTS concurrent clients, both sides run the same
     queries, never used before in the run (so no cache holds their answers), each side in turn
     (the order alternates between rounds, so both see the same machine load). A client keeps
     one HTTP connection open for the whole run on both sides;
  4. reports the median over the rounds of each round's p50 and p99, and the RSS (VmRSS) of both
     processes after all rounds.

What each side does per query:
  corpus-mcp  tools/call search {query, limit 10} (titles, libzim-ranked full text, fusion,
              snippets, section hints), then tools/call fetch {ref} of the first result
              (the whole article cleaned to Markdown sections, hashed)
  kiwix-serve GET /search?pattern=Q&pageLength=10&format=xml (libzim search with snippets),
              then GET /raw/BOOK/content/PATH of the first result (raw article HTML, no cleaning)

N libraries: N copies of the archive under a temporary directory, each with its own UUID (kiwix
keys books by UUID and would serve one book for N identical copies); both servers get the same N
files. The copies take N times the archive's size in the temporary directory (--tmp).

Usage (from the repository root, after `mvn -DskipTests package`; query files from the shared
make_queries.py, one query per line):
  /usr/bin/python3 scripts/bench_kiwix.py --archive A.zim:A.fulltext.txt [--archive ...]
      [--libraries 4:A.zim:A.fulltext.txt] [--per-round 150] [--rounds 3] [--clients 4]
      [--launcher distribution/target/corpus-mcp/bin/corpus-mcp]
"""
import argparse
import concurrent.futures
import html
import http.client
import os
import pathlib
import re
import shutil
import socket
import statistics
import subprocess
import tempfile
import threading
import time
import urllib.parse
import uuid

from mcpbench import LAUNCHER, McpClient, library_toml, pct, rss_mib, start_http_server

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class BenchMcpClient(McpClient):
    """The MCP side of a query: search, then fetch the first result."""

    def search_then_fetch(self, q):
        """(search seconds, fetch seconds or None)"""
        t = time.perf_counter()
        found = self.tool("search", {"query": q, "limit": 10})
        ts = time.perf_counter() - t
        if not found["results"]:
            return ts, None
        t = time.perf_counter()
        self.tool("fetch", {"ref": found["results"][0]["ref"]})
        return ts, time.perf_counter() - t


class KiwixClient:
    """kiwix-serve's search with snippets and raw article read, over one kept-alive connection."""

    LINK = re.compile(r"<link>/([^/<]+)/([^<]*)</link>")

    def __init__(self, port):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)

    def get(self, path):
        self.conn.request("GET", path)
        r = self.conn.getresponse()
        body = r.read()
        if r.status != 200:
            raise RuntimeError(f"{path}: HTTP {r.status}")
        return body

    def search_then_fetch(self, q):
        t = time.perf_counter()
        body = self.get("/search?" + urllib.parse.urlencode(
            {"pattern": q, "pageLength": 10, "format": "xml"})).decode()
        ts = time.perf_counter() - t
        m = self.LINK.search(body.split("<item>", 1)[1]) if "<item>" in body else None
        if not m:
            return ts, None
        book, path = m.group(1), html.unescape(m.group(2))
        t = time.perf_counter()
        self.get(f"/raw/{book}/content/{path}".replace("?", "%3F"))  # a title may hold a "?"
        return ts, time.perf_counter() - t


def drive(make_client, queries, clients):
    """Runs queries over `clients` concurrent clients; returns (search, fetch, errors)."""
    search, fetch, errors = [], [], [0]
    lock = threading.Lock()

    def worker(share):
        c = make_client()
        for q in share:
            try:
                ts, tf = c.search_then_fetch(q)
            except Exception as e:  # counted, not fatal: a benchmark reports errors
                with lock:
                    errors[0] += 1
                    if errors[0] <= 3:
                        print(f"  error on {q!r}: {e}", flush=True)
                c = make_client()  # the connection may be broken
                continue
            with lock:
                search.append(ts)
                if tf is not None:
                    fetch.append(tf)

    with concurrent.futures.ThreadPoolExecutor(clients) as pool:
        list(pool.map(worker, [queries[i::clients] for i in range(clients)]))
    return search, fetch, errors[0]


def start_corpus_mcp(launcher, files, tmp):
    toml = pathlib.Path(tmp, "corpus.toml")
    toml.write_text(library_toml(files))
    p, url = start_http_server(toml, tmp, launcher)
    return p, lambda: BenchMcpClient(url)


def start_kiwix(files):
    port = free_port()
    p = subprocess.Popen(["kiwix-serve", "-i", "127.0.0.1", "-p", str(port)] + [str(f) for f in files],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            KiwixClient(port).get("/")
            break
        except OSError:
            time.sleep(0.1)
    return p, lambda: KiwixClient(port)


def copies(archive, n, tmp):
    """n copies of archive in tmp, each with its own UUID (header bytes 8..23)."""
    stem = archive.stem
    if n == 1:
        target = pathlib.Path(tmp, archive.name)
        os.link(archive, target)  # not a symlink: corpus-mcp resolves those and keeps to its root
        return [target.name]
    out = []
    for i in range(n):
        target = pathlib.Path(tmp, f"{stem}_{i + 1}.zim")
        shutil.copyfile(archive, target)
        with open(target, "r+b") as f:
            f.seek(8)
            f.write(uuid.uuid4().bytes)
        out.append(target.name)
    return out


def scenario(label, archive, queries, n, a):
    tmp = tempfile.mkdtemp(prefix="bench-kiwix-", dir=a.tmp)
    try:
        files = copies(archive, n, tmp)
        mcp, mcp_client = start_corpus_mcp(a.launcher, files, tmp)
        kiwix, kiwix_client = start_kiwix([pathlib.Path(tmp, f) for f in files])
        sides = {"corpus-mcp": mcp_client, "kiwix-serve": kiwix_client}
        try:
            need = a.warmup + a.rounds * 2 * a.per_round
            if len(queries) < need:
                raise SystemExit(f"{label}: {len(queries)} queries, need {need}")
            warm, rest = queries[:a.warmup], queries[a.warmup:]
            for make in sides.values():
                drive(make, warm, 1)
            # results[(side, clients, metric)] = [per-round value]
            results = {}
            errors = {name: 0 for name in sides}
            for r in range(a.rounds):
                for ci, clients in enumerate((1, a.clients)):
                    start = (r * 2 + ci) * a.per_round
                    qs = rest[start:start + a.per_round]
                    order = list(sides) if r % 2 == 0 else list(reversed(sides))
                    for name in order:
                        s, f, e = drive(sides[name], qs, clients)
                        errors[name] += e
                        for metric, xs in (("search", s), ("fetch", f)):
                            ms = [x * 1000 for x in xs]
                            results.setdefault((name, clients, metric, 50), []).append(pct(ms, 50))
                            results.setdefault((name, clients, metric, 99), []).append(pct(ms, 99))
            rss = {"corpus-mcp": rss_mib(mcp.pid), "kiwix-serve": rss_mib(kiwix.pid)}
        finally:
            for p in (mcp, kiwix):
                p.terminate()
                p.wait(timeout=30)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    def med(name, clients, metric, p):
        return statistics.median(results[(name, clients, metric, p)])

    print(f"\n### {label}\n")
    print(f"{a.per_round} new queries per round and client count, {a.rounds} rounds, "
          f"{a.warmup} warm-up queries; errors: corpus-mcp {errors['corpus-mcp']}, "
          f"kiwix-serve {errors['kiwix-serve']}\n")
    print("| measure | corpus-mcp | kiwix-serve | ratio |")
    print("|---|---|---|---|")
    for clients in (1, a.clients):
        for p in (50, 99):
            x, y = med("corpus-mcp", clients, "search", p), med("kiwix-serve", clients, "search", p)
            print(f"| search p{p}, {clients} client{'s' if clients > 1 else ''} | {x:.1f} ms | "
                  f"{y:.1f} ms | {x / y:.2f} |")
    for clients in (1, a.clients):
        x, y = med("corpus-mcp", clients, "fetch", 50), med("kiwix-serve", clients, "fetch", 50)
        print(f"| fetch p50 (kiwix: raw read), {clients} client{'s' if clients > 1 else ''} | "
              f"{x:.1f} ms | {y:.1f} ms | {x / y:.2f} |")
    x, y = rss["corpus-mcp"], rss["kiwix-serve"]
    print(f"| RSS after the run | {x} MiB | {y} MiB | {x / y:.2f} |", flush=True)


def spec(text):
    archive, queries = text.rsplit(":", 1)
    return pathlib.Path(archive).resolve(), [q for q in pathlib.Path(queries).read_text().splitlines()
                                             if q.strip()]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--archive", action="append", default=[], help="ARCHIVE.zim:QUERIES.txt, 1 library")
    ap.add_argument("--libraries", action="append", default=[], help="N:ARCHIVE.zim:QUERIES.txt")
    ap.add_argument("--per-round", type=int, default=150)
    ap.add_argument("--warmup", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--clients", type=int, default=4)
    ap.add_argument("--tmp", default=None, help="where the library copies go")
    ap.add_argument("--launcher", default=str(LAUNCHER), help="corpus-mcp's bin/corpus-mcp")
    a = ap.parse_args()
    print(f"uptime at start: {open('/proc/loadavg').read().split()[:3]} (1, 5, 15 min load)")
    for text in a.archive:
        archive, queries = spec(text)
        scenario(f"{archive.name}, 1 library", archive, queries, 1, a)
    for text in a.libraries:
        n, rest = text.split(":", 1)
        archive, queries = spec(rest)
        scenario(f"{archive.name}, {n} copies as {n} libraries", archive, queries, int(n), a)
    print(f"\nuptime at end: {open('/proc/loadavg').read().split()[:3]}")


if __name__ == "__main__":
    main()
