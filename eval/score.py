#!/usr/bin/python3
"""Scores corpus-mcp's search on the judged queries of eval/queries/, beside libzim's own ranking.

For every judged query it asks the assembled distribution (bin/corpus-mcp serve, over stdio,
speaking MCP JSON-RPC: initialize, notifications/initialized, tools/call search) in two settings:

  single  each library of eval/corpus.toml served alone; a query goes to the library it was
          written from (one server process per library, all of that library's queries);
  mixed   every library at once (one server process for all queries).

A result is relevant when its ref names a judged document (the ref's path resolved in the archive
with libzim, redirects followed). In the mixed setting the same article in another snapshot of the
same wiki counts too: same title and, for content queries, the quoted evidence in its text.
(An article renamed between snapshots is found through the redirect at its old path.)
Metrics: s@1, s@5 (a relevant result first, in the first five) and MRR over the first `--limit`
results, overall, per kind, per library. libzim's own ranking (libzim.search.Searcher, default
query) is scored on the same single-library queries; an archive without a full-text index gives
libzim nothing to search, which counts as a miss.

Judgments are checked against the archives before anything is scored: the quoted evidence of every
question, keyword and body-only query must occur in each judged article, every alias must be a
redirect to its judged article, every exact title must be the article's title. A judgment the
archives no longer bear out stops the run (exit 2).

    /usr/bin/python3 eval/score.py --stage --root /tmp/eval-corpus      # copy the archives there
    /usr/bin/python3 eval/score.py --root /tmp/eval-corpus --json out.json --save-run run.json \
        --floor eval/floor.json                                          # exit 1 below the floor
    /usr/bin/python3 eval/score.py --score-run run.json --sabotage reverse --floor eval/floor.json

The structural queries of eval/generated/ (make_structural_queries.py: aliases, link texts,
section headings, typing errors, names no archive holds, questions wrapped around an alias, a link
text or a heading) are scored the same way with --queries
eval/generated, one half at a time with --split tune|test. Their judgments are checked too (each
link text in its source page, each heading in each judged page, each absent name in no archive);
in the mixed setting a page of any library under the same heading counts as well. A generated
question is judged by the rule of its basis on the text it wraps. An absent-name
query has nothing relevant: it is scored on whether the reply's `corrected` rewrote the missing
name into another word and whether a notice names it.

    /usr/bin/python3 eval/score.py --root /tmp/eval-corpus --queries eval/generated --save-run gen.json
    /usr/bin/python3 eval/score.py --score-run gen.json --queries eval/generated --split test

Needs only the standard library and python3-libzim (Debian).
"""

import argparse
import json
import os
import selectors
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections import defaultdict
from pathlib import Path

import structure
import zimtext

PROJECT = zimtext.EVAL_DIR.parent
QUERY_DIR = zimtext.EVAL_DIR / "queries"
KINDS = ["exact_title", "misspelling", "alias", "question", "keyword", "body_only"]
QUOTE_KINDS = {"question", "keyword", "body_only"}
# the structural kinds of eval/generated/ (make_structural_queries.py) besides alias and misspelling;
# an absent query has nothing relevant and is scored on what the reply says about the missing word
GENERATED_KINDS = ["anchor", "heading", "absent", "description"]
ALL_KINDS = KINDS + GENERATED_KINDS


def judged_as(q):
    """The kind whose rule judges q: a generated question (make_structural_queries.py) is judged
    as its basis (alias, anchor, heading) judges the text it wraps; any other query as its kind."""
    return q.get("basis", q["kind"]) if "split" in q else q["kind"]


def asked_text(q):
    """The text a judgment is about: a generated question's wrapped text, else the query."""
    return q.get("text", q["query"]) if "split" in q else q["query"]
CALL_TIMEOUT = 180
MAX_LIMIT = 10  # the server's default SEARCH_MAX_LIMIT


# ---------------------------------------------------------------------------------------------
# judgments


def load_queries(directory=QUERY_DIR, split=None):
    """The judged queries of directory's *.jsonl; with split, only those of that split."""
    queries = []
    for path in sorted(Path(directory).glob("*.jsonl")):
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if line.strip():
                    q = json.loads(line)
                    q["_source"] = "%s:%d" % (path.name, n)
                    if split is None or q.get("split") == split:
                        queries.append(q)
    ids = [q["id"] for q in queries]
    if len(ids) != len(set(ids)):
        sys.exit("duplicate query ids in %s" % directory)
    return queries


def check_judgments(queries, libs):
    """Problems where the archives do not bear a judgment out (empty list: all hold)."""
    problems = []
    for q in queries:
        lib = libs.get(q["library"])
        if lib is None or q["kind"] not in ALL_KINDS:
            problems.append("%s: unknown library or kind" % q["_source"])
            continue
        for p in q["relevant"]:
            if lib.resolve(p) != p:
                problems.append("%s: %s is not an article of %s" % (q["_source"], p, q["library"]))
            elif judged_as(q) in QUOTE_KINDS and zimtext.normalise(q["why"]) not in lib.text(p):
                problems.append("%s: %r does not occur in %s" % (q["_source"], q["why"], p))
            elif q["kind"] == "exact_title" and zimtext.normalise(q["query"]) != zimtext.normalise(lib.title(p)):
                problems.append("%s: %r is not the title of %s" % (q["_source"], q["query"], p))
        if judged_as(q) == "alias" and lib.resolve(q["via"]) not in q["relevant"]:
            problems.append("%s: %s does not redirect to %s" % (q["_source"], q["via"], q["relevant"]))
        if "split" in q:
            problems += ["%s: %s" % (q["_source"], p) for p in check_structural(q, lib, libs)]
    return problems


def check_structural(q, lib, libs):
    """What the archive does not bear out of a generated (structural) judgment."""
    kind, fold, text = judged_as(q), structure.fold, asked_text(q)
    if q["kind"] == "question" and (kind not in ("alias", "anchor", "heading") or text not in q["query"]):
        return ["a generated question wraps the text of an alias, anchor or heading"]
    if kind != "absent" and not q["relevant"]:
        return ["nothing is relevant"]
    if kind == "alias" and fold(text) == fold(lib.title(q["relevant"][0])):
        return ["%r is its target's title but for case, punctuation or diacritics" % text]
    if kind == "misspelling" and (any(lib.title(p) != q["title"] for p in q["relevant"])
                                  or fold(q["query"]) == fold(q["title"])):
        return ["%r is not a misspelling of the title of %s" % (q["query"], q["relevant"][0])]
    if kind == "anchor":
        found = {t for text, t in structure.links(lib, q["source"])
                 if zimtext.normalise(text) == zimtext.normalise(asked_text(q))}
        if not found & set(q["relevant"]) or fold(asked_text(q)) in {fold(lib.title(p)) for p in found}:
            return ["%s has no link %r to %s but its title" % (q["source"], asked_text(q), q["relevant"])]
    if kind == "description":
        for p in q["relevant"]:
            if zimtext.normalise(q["query"]) not in lib.text(p):
                return ["%s does not hold the description %r" % (p, q["query"])]
    if kind == "heading":
        for p in q["relevant"]:
            if fold(text) not in {fold(h) for h in structure.headings(lib, p)}:
                return ["%s has no heading %r" % (p, text)]
    if kind == "absent":
        if q["relevant"] or q["missing"].casefold() not in structure.words_of(q["query"]):
            return ["an absent-name query names its missing word and nothing is relevant"]
        if any(q["missing"].casefold() in vocabulary(other) for other in libs.values()):
            return ["%r occurs in the corpus" % q["missing"]]
    return []


def vocabulary(lib):
    if not hasattr(lib, "_vocabulary"):
        lib._vocabulary = structure.vocabulary(lib)
    return lib._vocabulary


def holding_heading(lib, heading):
    """Paths of the library's articles with a section headed heading (compared folded)."""
    if not hasattr(lib, "_headings"):
        lib._headings = structure.heading_index(lib, lib.articles())
    return lib._headings.get(structure.fold(heading), [])


def relevant_set(q, libs, setting):
    """(library, path) pairs that answer q in the setting."""
    own = {(q["library"], p) for p in q["relevant"]}
    if setting != "mixed":
        return own
    out = set(own)
    if judged_as(q) == "heading":  # any page under the same heading, in any library
        out |= {(name, p) for name, lib in libs.items() for p in holding_heading(lib, asked_text(q))}
    home = libs[q["library"]]
    for p in q["relevant"]:
        title = home.title(p)
        for name, lib in libs.items():
            if name == q["library"]:
                continue
            # the same title, or what the same path leads to there (an article renamed between
            # snapshots leaves a redirect at its old path)
            twins = set(lib.articles_titled(title))
            bare = p[2:] if p.startswith("A/") else p
            bare = bare[:-5] if bare.endswith(".html") else bare
            for candidate in (bare, bare + ".html"):
                resolved = lib.resolve_ref_path(candidate)
                if resolved is not None:
                    twins.add(resolved)
            for twin in twins:
                if judged_as(q) not in QUOTE_KINDS or zimtext.normalise(q["why"]) in lib.text(twin):
                    out.add((name, twin))
    return out


def ref_to_doc(ref, libs):
    """(library, archive path) that a corpus-mcp ref names, or None."""
    prefix = "corpus://"
    if not ref.startswith(prefix) or "/" not in ref[len(prefix):]:
        return None
    name, rest = ref[len(prefix):].split("/", 1)
    lib = libs.get(name)
    if lib is None:
        return None
    for candidate in (rest, urllib.parse.unquote(rest)):
        path = lib.resolve_ref_path(candidate)
        if path is not None:
            return name, path
    return None


# ---------------------------------------------------------------------------------------------
# corpus-mcp over MCP stdio


class McpServer:
    """bin/corpus-mcp serve as an MCP client starts it: JSON-RPC lines over stdin/stdout."""

    def __init__(self, launcher, corpus_config, root, log):
        env = dict(os.environ)
        env.update(CORPUS_CONFIG=str(corpus_config), CORPUS_ROOT=str(root), LOG_QUERIES="false",
                   CORPUS_MCP_DISABLED_PLUGINS="archwiki", ARCHWIKI_OFFLINE="1",
                   CORPUS_INDEX_DIR=str(body_index_dir(root)))
        self.proc = subprocess.Popen([str(launcher), "serve"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=log, env=env)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.proc.stdout, selectors.EVENT_READ)
        self.buffer = b""
        self.next_id = 0
        self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                    "clientInfo": {"name": "corpus-mcp-eval", "version": "1"}})
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def send(self, message):
        self.proc.stdin.write((json.dumps(message) + "\n").encode())
        self.proc.stdin.flush()

    def read_line(self, deadline):
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not self.selector.select(left):
                raise TimeoutError("no answer from corpus-mcp within %d s" % CALL_TIMEOUT)
            chunk = os.read(self.proc.stdout.fileno(), 65536)
            if not chunk:
                raise EOFError("corpus-mcp exited (status %s)" % self.proc.poll())
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        deadline = time.monotonic() + CALL_TIMEOUT
        while True:
            line = self.read_line(deadline)
            if not line.strip():
                continue
            message = json.loads(line)
            if message.get("id") == self.next_id and ("result" in message or "error" in message):
                if "error" in message:
                    raise RuntimeError("%s: %s" % (method, message["error"]))
                return message["result"]

    def search(self, query, limit):
        """(refs in order, error code or None)."""
        answer = self.search_answer(query, limit)
        return answer["refs"], answer["error"]

    def search_answer(self, query, limit):
        """{"refs": refs in order, "error": code or None} and the reply's corrected and notice, if any."""
        result = self.request("tools/call", {"name": "search", "arguments": {"query": query, "limit": limit}})
        body = result.get("structuredContent")
        if body is None:
            texts = [c.get("text", "") for c in result.get("content", []) if c.get("type") == "text"]
            body = json.loads(texts[0]) if texts else {}
        if result.get("isError"):
            return {"refs": [], "error": body.get("code") or body.get("error") or "error"}
        answer = {"refs": [r["ref"] for r in body.get("results", [])], "error": None}
        for extra in ("corrected", "notice"):
            if body.get(extra):
                answer[extra] = body[extra]
        return answer

    def close(self):
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def one_library_toml(library, directory):
    path = Path(directory) / ("%s.toml" % library["name"])
    path.write_text('version = 1\n\n[[library]]\nname = %s\npath = %s\nadapter = %s\n' % (
        json.dumps(library["name"]), json.dumps(library["path"]), json.dumps(library["adapter"])))
    return path


def run_corpus_mcp(queries, root, launcher, limit, settings, log, corpus=zimtext.CORPUS_TOML):
    """{setting: {query id: {"refs": [...], "error": code or None}}}"""
    runs = {}
    with tempfile.TemporaryDirectory(prefix="corpus-mcp-eval-") as tmp:
        plan = []
        if "single" in settings:
            for library in zimtext.libraries(corpus):
                mine = [q for q in queries if q["library"] == library["name"]]
                if mine:
                    plan.append(("single", one_library_toml(library, tmp), mine))
        if "mixed" in settings:
            plan.append(("mixed", corpus, queries))
        for setting, toml, batch in plan:
            started = time.monotonic()
            server = McpServer(launcher, toml, root, log)
            try:
                for q in batch:
                    runs.setdefault(setting, {})[q["id"]] = server.search_answer(q["query"], limit)
            finally:
                server.close()
            print("  %-6s %-16s %3d queries in %5.1f s" % (setting, Path(toml).stem if setting == "single"
                                                            else "all libraries", len(batch),
                                                            time.monotonic() - started), file=sys.stderr)
    return runs


def run_libzim(queries, libs, limit):
    """libzim's default full-text query on each query's own archive: {query id: [(lib, path)]}."""
    from libzim.search import Query, Searcher
    out = {}
    searchers = {}
    for q in queries:
        if q["kind"] == "absent":
            continue
        lib = libs[q["library"]]
        if not lib.has_fulltext_index():
            out[q["id"]] = []
            continue
        searcher = searchers.setdefault(q["library"], Searcher(lib.archive))
        paths = list(searcher.search(Query().set_query(q["query"])).getResults(0, limit))
        out[q["id"]] = [[q["library"], lib.resolve(p) or p] for p in paths]
    return out


# ---------------------------------------------------------------------------------------------
# metrics


def rank_of(docs, relevant):
    for i, doc in enumerate(docs, 1):
        if doc is not None and tuple(doc) in relevant:
            return i
    return None


def metrics(ranks):
    n = len(ranks)
    if n == 0:
        return {"n": 0, "s@1": None, "s@5": None, "mrr": None}
    return {"n": n,
            "s@1": round(sum(1 for r in ranks if r == 1) / n, 3),
            "s@5": round(sum(1 for r in ranks if r is not None and r <= 5) / n, 3),
            "mrr": round(sum(1.0 / r for r in ranks if r is not None) / n, 3)}


def summarise(queries, ranks_by_id):
    by_kind, by_library, by_group = defaultdict(list), defaultdict(list), defaultdict(list)
    for q in queries:
        if q["id"] in ranks_by_id:
            by_kind[q["kind"]].append(ranks_by_id[q["id"]])
            by_library[q["library"]].append(ranks_by_id[q["id"]])
            if "tuned" in q:
                by_group[q["tuned"]].append(ranks_by_id[q["id"]])
                by_group["%s %s" % (q["tuned"], q["kind"])].append(ranks_by_id[q["id"]])
    out = {"overall": metrics(list(ranks_by_id.values())),
           "by_kind": {k: metrics(by_kind[k]) for k in ALL_KINDS if by_kind[k]},
           "by_library": {k: metrics(v) for k, v in by_library.items()}}
    if by_group:  # generated queries: archives relevance tuning looked at, and the others
        out["by_group"] = {k: metrics(by_group[k]) for k in sorted(by_group)}
    return out


def missing_word_outcome(q, answer):
    """For an absent-name query: did the reply rewrite the missing word, does a notice name it."""
    word = q["missing"].casefold()
    corrected = answer.get("corrected")
    rewritten = bool(corrected) and (
        word in {w.casefold() for w in corrected.get("words", {})}
        or word not in structure.words_of(corrected.get("query", "")))
    notices = [answer.get("notice") or ""] + [corrected.get("notice", "")] if corrected else \
        [answer.get("notice") or ""]
    named = any(word in structure.words_of(n) for n in notices)
    return {"corrected": rewritten, "named": named, "results": len(answer["refs"])}


def summarise_absent(outcomes):
    n = len(outcomes)
    share = (lambda f: round(sum(1 for o in outcomes if f(o)) / n, 3)) if n else (lambda f: None)
    return {"n": n, "corrected": share(lambda o: o["corrected"]), "named": share(lambda o: o["named"]),
            "named_not_corrected": share(lambda o: o["named"] and not o["corrected"]),
            "with_results": share(lambda o: o["results"] > 0)}


def score(queries, libs, run, sabotage=None):
    """The report: summaries per setting and for libzim, and every query's rank and top result."""
    report = {"summary": {}, "queries": []}
    docs_of = {}
    for setting in ("single", "mixed"):
        if setting not in run.get("corpus_mcp", {}):
            continue
        ranks, absent = {}, defaultdict(list)
        for q in queries:
            answer = run["corpus_mcp"][setting].get(q["id"])
            if answer is None:
                continue
            if q["kind"] == "absent":
                outcome = missing_word_outcome(q, answer)
                absent["overall"].append(outcome)
                absent[q["library"]].append(outcome)
                report["queries"].append(dict(id=q["id"], setting=setting, kind=q["kind"], library=q["library"],
                                              query=q["query"], missing=q["missing"], top=answer["refs"][:3],
                                              correction=answer.get("corrected"), notice=answer.get("notice"),
                                              **outcome))
                continue
            refs = list(answer["refs"])
            if sabotage == "reverse":
                refs.reverse()
            docs = [ref_to_doc(r, libs) for r in refs]
            ranks[q["id"]] = rank_of(docs, relevant_set(q, libs, setting))
            docs_of[(setting, q["id"])] = refs
            report["queries"].append({"id": q["id"], "setting": setting, "kind": q["kind"],
                                      "library": q["library"], "query": q["query"],
                                      "rank": ranks[q["id"]], "error": answer["error"],
                                      "top": refs[:3]})
        report["summary"][setting] = summarise(queries, ranks)
        if absent:
            report["summary"][setting]["absent"] = {k: summarise_absent(v) for k, v in absent.items()}
    if "libzim" in run:
        ranks = {q["id"]: rank_of(run["libzim"][q["id"]], relevant_set(q, libs, "single"))
                 for q in queries if q["id"] in run["libzim"]}
        report["summary"]["libzim"] = summarise(queries, ranks)
        for item in report["queries"]:
            if item["setting"] == "single":
                item["libzim_rank"] = ranks.get(item["id"])
    return report


def below_floor(report, floor):
    """Messages for every floor metric the report falls under (empty list: at or above all)."""
    out = []
    for setting, wanted in floor.items():
        summary = report["summary"].get(setting)
        if summary is None:
            out.append("setting %s was not run" % setting)
            continue
        for scope, limits in wanted.items():
            got = summary["overall"] if scope == "overall" else summary["by_kind"].get(scope)
            for metric, minimum in limits.items():
                value = None if got is None else got[metric]
                if value is None or value < minimum:
                    out.append("%s %s %s = %s, floor %s" % (setting, scope, metric, value, minimum))
    return out


def fmt(m, keys=("s@1", "s@5", "mrr")):
    return "  ".join("%5s" % ("-" if m is None or m[k] is None else "%.3f" % m[k]) for k in keys)


def print_table(report, out=sys.stdout):
    s = report["summary"]
    lz = s.get("libzim")
    print("%-16s %4s | %-19s | %-19s | %-19s" % ("", "n", "single s@1 s@5 MRR", "mixed s@1 s@5 MRR",
                                                  "libzim s@1 s@5 MRR"), file=out)
    present = {k for x in s.values() for k in x["by_kind"]}
    rows = [("overall", lambda x: x["overall"])]
    rows += [(k, lambda x, k=k: x["by_kind"].get(k)) for k in ALL_KINDS
             if k in present or (k in KINDS and not present - set(KINDS))]
    for label, pick in rows:
        cells = [pick(s[k]) if k in s else None for k in ("single", "mixed")]
        n = next((c["n"] for c in cells if c), 0)
        print("%-16s %4d | %s | %s | %s" % (label, n, fmt(cells[0]), fmt(cells[1]),
                                             fmt(pick(lz) if lz else None)), file=out)
    print(file=out)
    print("%-16s %4s | %-19s | %-19s | %-19s" % ("library", "n", "single", "mixed", "libzim"), file=out)
    libs_seen = list(s.get("single", s.get("mixed", {"by_library": {}}))["by_library"])
    for name in libs_seen:
        cells = [s[k]["by_library"].get(name) if k in s else None for k in ("single", "mixed", "libzim")]
        n = next((c["n"] for c in cells if c), 0)
        print("%-16s %4d | %s | %s | %s" % (name, n, fmt(cells[0]), fmt(cells[1]), fmt(cells[2])), file=out)
    groups = list(s.get("single", s.get("mixed", {})).get("by_group", {}))
    if groups:
        print(file=out)
        print("%-24s %4s | %-19s | %-19s | %-19s" % ("archives", "n", "single", "mixed", "libzim"), file=out)
        for name in groups:
            cells = [s[k]["by_group"].get(name) if k in s else None for k in ("single", "mixed", "libzim")]
            n = next((c["n"] for c in cells if c), 0)
            print("%-24s %4d | %s | %s | %s" % (name, n, fmt(cells[0]), fmt(cells[1]), fmt(cells[2])), file=out)
    absent = [(k, s[k]["absent"]) for k in ("single", "mixed") if k in s and "absent" in s[k]]
    if absent:
        print("\nabsent names: share of replies that rewrote the missing word (bad), whose notice names\n"
              "it, that name it and do not rewrite it, that list any result", file=out)
        print("%-7s %-16s %4s | %9s %6s %12s %8s" % ("setting", "library", "n", "corrected", "named",
                                                     "named-only", "results"), file=out)
        for setting, table in absent:
            for name, m in table.items():
                print("%-7s %-16s %4d | %9.3f %6.3f %12.3f %8.3f" % (
                    setting, name, m["n"], m["corrected"], m["named"], m["named_not_corrected"],
                    m["with_results"]), file=out)


def print_failures(report, out=sys.stdout):
    for setting in ("single", "mixed"):
        misses = [q for q in report["queries"] if q["setting"] == setting and q["kind"] != "absent"
                  and q["rank"] != 1]
        print("\n%s: %d queries without a relevant first result" % (setting, len(misses)), file=out)
        for kind in ALL_KINDS:
            for q in (m for m in misses if m["kind"] == kind):
                print("  %-12s %-20s %-15s rank %-4s %r -> %s" % (
                    kind, q["id"], q["library"], q["rank"] or "-", q["query"],
                    (q["error"] or (q["top"][0] if q["top"] else "(nothing)"))), file=out)
        for q in report["queries"]:
            if q["setting"] == setting and q["kind"] == "absent" and (q["corrected"] or not q["named"]):
                print("  %-12s %-20s %-15s %r: %s" % (
                    "absent", q["id"], q["library"], q["query"],
                    "rewritten as %r" % q["correction"]["query"] if q["corrected"] else "notice does not name %r"
                    % q["missing"]), file=out)


# ---------------------------------------------------------------------------------------------
# staging the corpus root


def body_index_dir(root):
    """Where staging builds, and the server reads, the sidecar body indexes (one per archive UUID)."""
    return Path(root) / ".body-index"


def stage(root, shared, dist):
    """Copies every archive of eval/corpus.toml to where it says, under root, then builds the
    sidecar body indexes of the archives without a full-text index (corpus-mcp corpus index), so
    the server searches their article text as an operator's would after following doctor's advice."""
    sources = {
        "mediawiki": shared / "corpus-samples/mediawiki",
        "other": shared / "corpus-samples/other",
        "devdocs": PROJECT / "plugins/zim-devdocs/src/test/resources/fixtures",
        "stackexchange": PROJECT / "plugins/zim-stackexchange/src/test/resources/fixtures",
        "handbook": dist / "corpus/handbook",
    }
    for library in zimtext.libraries():
        folder, name = library["path"].split("/", 1)
        target = Path(root) / library["path"]
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(sources[folder] / name, target)
    env = dict(os.environ)
    env.update(CORPUS_CONFIG=str(zimtext.CORPUS_TOML), CORPUS_ROOT=str(root),
               CORPUS_INDEX_DIR=str(body_index_dir(root)), CORPUS_MCP_DISABLED_PLUGINS="archwiki")
    left_out = Path(root) / ".links-left-out.tsv"
    left_out.write_text("".join("\t".join(row) + "\n" for row in links_queried()), encoding="utf-8")
    subprocess.run([str(Path(dist) / "bin/corpus-mcp"), "corpus", "index", "--leave-out",
                    str(left_out)], env=env, check=True, stdout=subprocess.DEVNULL)


def links_queried():
    """(library, page, link text, target) of every link a generated query was made from (the anchor
    kind, and questions whose basis is an anchor): the anchor index is built without them
    (leave-one-out), so that a query is never answered by the very link it was made from."""
    rows = []
    for kind in ("anchor", "question"):
        path = zimtext.EVAL_DIR / "generated" / (kind + ".jsonl")
        if not path.exists():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            q = json.loads(line)
            if "source" not in q:
                continue
            text = q["text"] if kind == "question" else q["query"]
            rows.extend((q["library"], q["source"], text, target) for target in q["relevant"])
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, help="corpus root holding the archives of eval/corpus.toml")
    parser.add_argument("--dist", type=Path, default=PROJECT / "distribution/target/corpus-mcp",
                        help="the assembled distribution (default: %(default)s)")
    parser.add_argument("--shared", type=Path, default=PROJECT.parent / "shared",
                        help="the shared directory with corpus-samples/ (for --stage)")
    parser.add_argument("--stage", action="store_true", help="copy the archives into --root and exit")
    parser.add_argument("--queries", type=Path, default=QUERY_DIR,
                        help="directory of judged *.jsonl (default %(default)s; eval/generated for the "
                             "structural queries of make_structural_queries.py)")
    parser.add_argument("--split", choices=["tune", "test"],
                        help="only the queries of this half (generated queries carry a split)")
    parser.add_argument("--settings", default="single,mixed")
    parser.add_argument("--corpus", type=Path, default=zimtext.CORPUS_TOML,
                        help="the corpus.toml served as the mixed setting, each library alone as single "
                             "(default %(default)s; eval/corpus-manpages-fr.toml adds the French man pages)")
    parser.add_argument("--limit", type=int, default=MAX_LIMIT, help="results asked for per query")
    parser.add_argument("--no-libzim", action="store_true", help="skip libzim's own ranking")
    parser.add_argument("--json", type=Path, help="write the report (summaries, every query's rank) here")
    parser.add_argument("--save-run", type=Path, help="write the raw results here, to score again later")
    parser.add_argument("--score-run", type=Path, help="score a saved run instead of running the server")
    parser.add_argument("--sabotage", choices=["reverse"],
                        help="reverse every result list before scoring (shows the floor can fail)")
    parser.add_argument("--floor", type=Path, help="JSON floor: exit 1 when any metric falls below it")
    parser.add_argument("--failures", action="store_true", help="list the queries not answered first")
    args = parser.parse_args()

    if args.stage:
        if not args.root:
            parser.error("--stage needs --root")
        stage(args.root, args.shared, args.dist)
        print("staged the archives of %s under %s" % (zimtext.CORPUS_TOML, args.root))
        return 0
    queries = load_queries(args.queries, args.split)
    if args.score_run:
        run = json.loads(args.score_run.read_text())
        root = Path(run["root"])
    else:
        if not args.root:
            parser.error("--root is required (or --score-run)")
        root = args.root
    libs = zimtext.open_libraries(root, args.corpus)
    problems = check_judgments(queries, libs)
    if problems:
        print("judgments the archives do not bear out:\n  " + "\n  ".join(problems), file=sys.stderr)
        return 2
    if not args.score_run:
        launcher = args.dist / "bin/corpus-mcp"
        if not launcher.exists():
            print("no distribution at %s (run mvn -DskipTests package)" % args.dist, file=sys.stderr)
            return 2
        settings = [s for s in args.settings.split(",") if s]
        log_path = Path(tempfile.gettempdir()) / "corpus-mcp-eval-server.log"
        with open(log_path, "w") as log:
            run = {"root": str(root.resolve()), "limit": args.limit,
                   "corpus_mcp": run_corpus_mcp(queries, root, launcher, args.limit, settings, log,
                                                args.corpus)}
        if not args.no_libzim:
            run["libzim"] = run_libzim(queries, libs, args.limit)
        if args.save_run:
            args.save_run.write_text(json.dumps(run, ensure_ascii=False, indent=1))
    report = score(queries, libs, run, args.sabotage)
    print("%d judged queries%s%s, first %d results each%s" % (
        len(queries), "" if args.queries == QUERY_DIR else " of %s" % args.queries,
        " (%s half)" % args.split if args.split else "", run.get("limit", MAX_LIMIT),
        ", every list reversed" if args.sabotage else ""))
    print_table(report)
    if args.failures:
        print_failures(report)
    if args.json:
        args.json.write_text(json.dumps(report, ensure_ascii=False, indent=1))
    if args.floor:
        failed = below_floor(report, json.loads(args.floor.read_text()))
        if failed:
            print("\nBELOW THE FLOOR (%s):\n  %s" % (args.floor, "\n  ".join(failed)))
            return 1
        print("\nat or above the floor (%s)" % args.floor)
    return 0


if __name__ == "__main__":
    sys.exit(main())
