#!/usr/bin/python3
"""search() and fetch() through MCP over HTTP, side by side with libzim's raw search.

One run, one machine, one archive:
  1. starts the distribution's server (serve --http --port 0) with a corpus of ARCHIVE;
  2. CLIENTS concurrent MCP sessions each run their share of QUERIES as search(q), then fetch()
     the first result: latency percentiles, throughput, errors, per tool;
  3. libzim (python3-libzim) runs the same queries with its own Searcher (raw: paths only) and
     reads the same fetched articles' HTML (raw: no cleaning): the reference numbers.

The MCP numbers include everything an agent pays: HTTP, JSON-RPC, fusion, snippet, parsing and
cleaning to Markdown, section hints, hashing. libzim's include none of that; the ratio shows what
the product costs on top of the raw index.

Usage (from the repository root, after `mvn -DskipTests package`):
  /usr/bin/python3 scripts/bench_corpus.py ARCHIVE.zim [--queries FILE] [--clients 4]
      [--rounds 2] [--adapter mediawiki]
Queries default to the first 200 lines of make_queries.py's NAME.fulltext.txt when --queries is
given, else to words taken from the archive's titles.
"""
import argparse
import pathlib
import subprocess
import tempfile
import time

from mcpbench import library_toml, pct, rss_mib, search_fetch_load, start_http_server, title_words



def start_server(archive, adapter):
    tmp = tempfile.mkdtemp(prefix="bench-corpus-")
    toml = pathlib.Path(tmp, "corpus.toml")
    toml.write_text(library_toml([archive.name], adapter))
    return start_http_server(toml, archive.parent)


def libzim_run(archive, queries):
    from libzim.reader import Archive
    from libzim.search import Query, Searcher
    zim = Archive(str(archive))
    searcher = Searcher(zim)
    lat_search, lat_read, first = [], [], []
    for q in queries:
        t = time.perf_counter()
        results = list(searcher.search(Query().set_query(q)).getResults(0, 10))
        lat_search.append(time.perf_counter() - t)
        if results:
            first.append(results[0])
    for path in first:
        t = time.perf_counter()
        bytes(zim.get_entry_by_path(path).get_item().content)
        lat_read.append(time.perf_counter() - t)
    return lat_search, lat_read


def row(name, xs, errors=None, wall=None):
    ms = [x * 1000 for x in xs]
    tput = f"{len(xs) / wall:.1f}/s" if wall else ""
    err = "" if errors is None else str(errors)
    return (f"| {name} | {len(xs)} | {pct(ms, 50):.3f} | {pct(ms, 90):.3f} | {pct(ms, 99):.3f} | "
            f"{tput} | {err} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("archive", type=pathlib.Path)
    ap.add_argument("--queries", type=pathlib.Path)
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--clients", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=2, help="the first round warms the JIT and caches")
    ap.add_argument("--adapter", default="mediawiki")
    a = ap.parse_args()
    archive = a.archive.resolve()
    queries = ([q for q in a.queries.read_text().splitlines() if q.strip()][:a.count]
               if a.queries else title_words(archive, a.count))
    server, url = start_server(archive, a.adapter)
    try:
        for r in range(a.rounds):
            lat, errors, wall = search_fetch_load(url, queries, a.clients)
        rss = rss_mib(server.pid)
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:  # a loaded machine can take longer to drain: the figures stand
            server.kill()
            server.wait()
    ls, lr = libzim_run(archive, queries)
    libzim_run(archive, queries)  # warm, then measure again
    ls, lr = libzim_run(archive, queries)
    print(f"archive: {archive.name}, {len(queries)} queries, {a.clients} MCP clients, "
          f"server RSS after the run: {rss} MiB\n")
    print("| operation | n | p50 ms | p90 ms | p99 ms | throughput | errors |")
    print("|---|---|---|---|---|---|---|")
    print(row(f"MCP search (HTTP, {a.clients} clients)", lat["search"], errors["search"], wall))
    print(row(f"MCP fetch + clean (HTTP, {a.clients} clients)", lat["fetch"], errors["fetch"], wall))
    print(row("libzim raw search, top 10 (1 thread)", ls))
    print(row("libzim raw article read, no cleaning", lr))


if __name__ == "__main__":
    main()
