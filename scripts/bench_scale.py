#!/usr/bin/python3
"""How corpus-mcp's costs grow with the archive, beside kiwix-serve on the same files in one run.

For each archive (and, with --libraries N, for N copies of the largest as N libraries of one
corpus), both servers are started on the same files and measured the same way:
  spawn -> serving   time from starting the process until it answers: corpus-mcp's `ready` line
                     and an MCP initialize, kiwix-serve's first HTTP 200 on /
  RSS idle           VmRSS right after that, before any query
  first search       the first search after start, one title-word query, then one misspelt title
                     (the typo path's first use: vocabulary automata are built lazily)
  first 100 queries  p50/p99 of the next FIRST queries (the three kinds in turn, 1 client, search
                     then fetch as below), before any warm-up: what a stdio client meets in the
                     first minutes of a session
  search p50/p99     per query kind, at 1 and at CLIENTS concurrent clients, ROUNDS rounds of
                     PER_ROUND queries never asked before in the run; the sides take turns (the
                     order alternates between rounds, so both see the same machine load)
  fetch p50          the first result of each search: corpus-mcp's fetch (cleaned Markdown
                     sections, hashed) against kiwix-serve's raw read of the article's HTML
  RSS after load     VmRSS after every round

Query kinds, all made from the archive's own article titles (python3-libzim, seeded sample of
non-redirect HTML articles, so neither side has seen them): `title words` (a title lower-cased,
at most its first three words), `questions` (a title inside a question template: "what is ...",
"how does ... work", ...), `misspellings` (a title with two inner letters of its longest word
swapped, as in bench_typos.py). kiwix-serve has no typo tolerance: for misspellings the figures
compare the time of the same request, not the same answer.

Usage (from the repository root, after `mvn -DskipTests package`; kiwix-serve from Debian's
kiwix-tools):
  /usr/bin/python3 scripts/bench_scale.py A.zim [B.zim ...] [--libraries 4] [--rounds 3]
      [--per-round 100] [--clients 4] [--first 100] [--tmp DIR]
"""
import argparse
import pathlib
import random
import shutil
import statistics
import subprocess
import tempfile
import time

from libzim.reader import Archive

from bench_kiwix import KiwixClient, copies, drive, free_port, start_corpus_mcp
from bench_typos import misspell
from mcpbench import LAUNCHER, pct, rss_mib

QUESTION_TEMPLATES = ("what is {}", "how does {} work", "where is {} used", "when was {} introduced",
                      "why is {} important", "what does {} do")
KINDS = ("title words", "questions", "misspellings")


def article_titles(archive, n, seed=11):
    """n distinct titles of non-redirect HTML articles, seeded sample spread over the archive."""
    zim = Archive(str(archive))
    rng = random.Random(seed)
    seen, titles = set(), []
    tries = 0
    while len(titles) < n and tries < n * 50:
        tries += 1
        entry = zim._get_entry_by_id(rng.randrange(zim.entry_count))
        if entry.is_redirect or not entry.get_item().mimetype.startswith("text/html"):
            continue
        title = entry.title.strip()
        if not title or title in seen or entry.path == zim.main_entry.get_item().path:
            continue
        seen.add(title)
        titles.append(title)
    return titles


def query_sets(archive, n, seed=11):
    """The three kinds' queries, n of each (fewer misspellings when titles have no long word)."""
    rng = random.Random(seed)
    titles = article_titles(archive, n * 3, seed)
    words = [" ".join(t.lower().split()[:3]) for t in titles[:n]]
    questions = [rng.choice(QUESTION_TEMPLATES).format(t.lower()) for t in titles[n:2 * n]]
    typos = [m for m in (misspell(t, rng) for t in titles[2 * n:] + titles[:n]) if m][:n]
    return {"title words": words, "questions": questions, "misspellings": typos}


def start_kiwix_timed(files):
    """kiwix-serve started and timed until its first 200 on /: (process, client factory, s)."""
    port = free_port()
    t = time.perf_counter()
    p = subprocess.Popen(["kiwix-serve", "-i", "127.0.0.1", "-p", str(port)] + [str(f) for f in files],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(3000):
        try:
            KiwixClient(port).get("/")
            break
        except OSError:
            time.sleep(0.01)
    return p, lambda: KiwixClient(port), time.perf_counter() - t


def start_mcp_timed(launcher, files, tmp):
    """corpus-mcp started and timed until an MCP initialize answers: (process, factory, s, client)."""
    t = time.perf_counter()
    p, make = start_corpus_mcp(launcher, files, tmp)
    client = make()  # initialize + initialized
    return p, make, time.perf_counter() - t, client


def first_searches(client, queries):
    """Seconds of the first title-word search and the first misspelt one after start."""
    out = []
    for q in (queries["title words"][0], queries["misspellings"][0]):
        t = time.perf_counter()
        client.search_then_fetch(q)
        out.append(time.perf_counter() - t)
    return out


def first_queries(queries, start, n):
    """n queries the rest of the run never asks: the kinds in turn, from index start of each."""
    per_kind = -(-n // len(KINDS))
    cycled = zip(*(queries[k][start:start + per_kind] for k in KINDS))
    return [q for group in cycled for q in group][:n]


def scenario(label, archive, n, a):
    rounds_need = a.warmup + 1 + a.rounds * 2 * a.per_round
    need = rounds_need + -(-a.first // len(KINDS))
    queries = query_sets(archive, need)
    early = first_queries(queries, rounds_need, a.first)
    short = {k: len(v) for k, v in queries.items() if len(v) < need}
    if short:
        raise SystemExit(f"{label}: too few queries {short}, need {need} each")
    tmp = tempfile.mkdtemp(prefix="bench-scale-", dir=a.tmp)
    rows = {}
    try:
        files = copies(archive, n, tmp)
        mcp, mcp_make, mcp_spawn, mcp_client = start_mcp_timed(a.launcher, files, tmp)
        mcp_idle = rss_mib(mcp.pid)
        mcp_first = first_searches(mcp_client, queries)
        mcp_early, _, mcp_early_errors = drive(mcp_make, early, 1)
        kiwix, kiwix_make, kiwix_spawn = start_kiwix_timed([pathlib.Path(tmp, f) for f in files])
        kiwix_idle = rss_mib(kiwix.pid)
        kiwix_first = first_searches(kiwix_make(), queries)
        kiwix_early, _, kiwix_early_errors = drive(kiwix_make, early, 1)
        sides = {"corpus-mcp": mcp_make, "kiwix-serve": kiwix_make}
        try:
            for make in sides.values():
                for kind in KINDS:
                    drive(make, queries[kind][1:1 + a.warmup], 1)
            results = {}
            errors = {"corpus-mcp": mcp_early_errors, "kiwix-serve": kiwix_early_errors}
            for kind in KINDS:
                rest = queries[kind][1 + a.warmup:]
                for r in range(a.rounds):
                    for ci, clients in enumerate((1, a.clients)):
                        qs = rest[(r * 2 + ci) * a.per_round:(r * 2 + ci + 1) * a.per_round]
                        order = list(sides) if r % 2 == 0 else list(reversed(sides))
                        for name in order:
                            s, f, e = drive(sides[name], qs, clients)
                            errors[name] += e
                            for metric, xs in (("search", s), ("fetch", f)):
                                ms = [x * 1000 for x in xs]
                                for p in (50, 99):
                                    results.setdefault((name, kind, clients, metric, p), []).append(
                                        pct(ms, p))
            loaded = {"corpus-mcp": rss_mib(mcp.pid), "kiwix-serve": rss_mib(kiwix.pid)}
        finally:
            for p in (mcp, kiwix):
                p.terminate()
                p.wait(timeout=30)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    def med(name, kind, clients, metric, p):
        return statistics.median(results[(name, kind, clients, metric, p)])

    zim = Archive(str(archive))
    print(f"\n### {label}\n")
    print(f"{zim.all_entry_count:,} entries, {archive.stat().st_size / 1e9:.2f} GB per library; "
          f"{a.per_round} new queries per kind, round and client count, {a.rounds} rounds, "
          f"{a.warmup} warm-up queries per kind; errors: corpus-mcp {errors['corpus-mcp']}, "
          f"kiwix-serve {errors['kiwix-serve']}\n")
    print("| measure | corpus-mcp | kiwix-serve | ratio |")
    print("|---|---|---|---|")

    def row(what, x, y, unit):
        fmt = "{:.2f}" if unit == "s" else "{:.1f}" if unit == "ms" else "{:.0f}"
        print(f"| {what} | {fmt.format(x)} {unit} | {fmt.format(y)} {unit} | {x / y:.2f} |")

    row("spawn → serving", mcp_spawn, kiwix_spawn, "s")
    row("RSS idle", mcp_idle, kiwix_idle, "MiB")
    row("first search after start (title words)", mcp_first[0] * 1000, kiwix_first[0] * 1000, "ms")
    row("first misspelt search after start", mcp_first[1] * 1000, kiwix_first[1] * 1000, "ms")
    x50, y50 = pct([x * 1000 for x in mcp_early], 50), pct([x * 1000 for x in kiwix_early], 50)
    x99, y99 = pct([x * 1000 for x in mcp_early], 99), pct([x * 1000 for x in kiwix_early], 99)
    print(f"| search p50 / p99, first {len(early)} queries after start, 1 client | "
          f"{x50:.1f} / {x99:.1f} ms | {y50:.1f} / {y99:.1f} ms | {x50 / y50:.2f} / {x99 / y99:.2f} |")
    for kind in KINDS:
        for clients in (1, a.clients):
            x50, y50 = (med(s, kind, clients, "search", 50) for s in sides)
            x99, y99 = (med(s, kind, clients, "search", 99) for s in sides)
            c = f"{clients} client{'s' if clients > 1 else ''}"
            print(f"| search p50 / p99, {kind}, {c} | {x50:.1f} / {x99:.1f} ms | "
                  f"{y50:.1f} / {y99:.1f} ms | {x50 / y50:.2f} / {x99 / y99:.2f} |")
    x, y = (med(s, "title words", 1, "fetch", 50) for s in sides)
    row("fetch p50, 1 client (kiwix: raw read)", x, y, "ms")
    row("RSS after load", loaded["corpus-mcp"], loaded["kiwix-serve"], "MiB")
    print(flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("archives", nargs="+", type=pathlib.Path)
    ap.add_argument("--libraries", type=int, default=0,
                    help="also N copies of the last archive as N libraries of one corpus")
    ap.add_argument("--per-round", type=int, default=100)
    ap.add_argument("--warmup", type=int, default=40)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--clients", type=int, default=4)
    ap.add_argument("--first", type=int, default=100, help="queries measured right after start")
    ap.add_argument("--tmp", default=None, help="where the library copies go")
    ap.add_argument("--launcher", default=str(LAUNCHER), help="corpus-mcp's bin/corpus-mcp")
    a = ap.parse_args()
    print(f"load average at start: {open('/proc/loadavg').read().split()[:3]} (1, 5, 15 min)")
    for archive in a.archives:
        scenario(f"{archive.name}, 1 library", archive.resolve(), 1, a)
    if a.libraries > 1:
        last = a.archives[-1].resolve()
        scenario(f"{last.name}, {a.libraries} copies as {a.libraries} libraries", last, a.libraries, a)
    print(f"load average at end: {open('/proc/loadavg').read().split()[:3]}")


if __name__ == "__main__":
    main()
