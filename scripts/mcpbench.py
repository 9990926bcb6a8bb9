"""What the MCP benchmarks share: percentiles, RSS, an MCP client and the server they start.

Imported by bench_corpus.py, bench_kiwix.py, bench_typos.py, bench_memory.py, bench_host.py,
startup_stages.py, startup_counts.py and bench_serve_start.py (run from the repository root, so
this directory is on the module path).
Standard library, but for title_words (python3-libzim).
"""
import concurrent.futures
import http.client
import json
import os
import pathlib
import re
import subprocess
import sys
import threading
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parent.parent
LAUNCHER = ROOT / "distribution/target/corpus-mcp/bin/corpus-mcp"


def pct(xs, p):
    """The p-th percentile (nearest rank on the sorted values); NaN when there are none."""
    if not xs:
        return float("nan")
    xs = sorted(xs)
    k = max(0, min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1)))))
    return xs[k]


def resident_mib(pid):
    """A process's resident memory from /proc, in MiB: VmRSS and its anonymous (heap, JVM native)
    and file-backed parts, keyed by those names (RssAnon, RssFile)."""
    found = {"VmRSS": 0, "RssAnon": 0, "RssFile": 0}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in found:
                found[key] = int(value.split()[0]) // 1024
    return found


def rss_mib(pid):
    """VmRSS of a process, in MiB."""
    return resident_mib(pid)["VmRSS"]


def launcher_default_opts(launcher):
    """The JVM options the launcher uses when JAVA_OPTS is unset: `: "${JAVA_OPTS:=...}"`."""
    m = re.search(r'\$\{JAVA_OPTS:=([^}]*)\}', pathlib.Path(launcher).read_text())
    if not m:
        sys.exit(f"{launcher}: no default JAVA_OPTS found")
    return m.group(1)


class McpClient:
    """One MCP session (revision 2025-11-25) over one kept-alive HTTP connection."""

    def __init__(self, url):
        u = urllib.parse.urlparse(url)
        self.conn = http.client.HTTPConnection(u.hostname, u.port, timeout=120)
        self.path, self.session, self.next_id = u.path, None, 1
        self.rpc("initialize", {"protocolVersion": "2025-11-25", "capabilities": {},
                                "clientInfo": {"name": "bench", "version": "0"}})
        self.post({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def post(self, body):
        headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
        if self.session:
            headers["Mcp-Session-Id"] = self.session
        self.conn.request("POST", self.path, json.dumps(body), headers)
        r = self.conn.getresponse()
        data = r.read().decode()
        self.session = self.session or r.getheader("Mcp-Session-Id")
        return data

    def rpc(self, method, params):
        self.next_id += 1
        text = self.post({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        for line in text.splitlines():  # SSE or plain JSON
            if line.startswith("data:"):
                text = line[5:]
        return json.loads(text)

    def tool(self, name, args):
        """A tool's structuredContent; RuntimeError on a JSON-RPC error or an isError result."""
        reply = self.rpc("tools/call", {"name": name, "arguments": args})
        result = reply.get("result", {})
        if "error" in reply or result.get("isError"):
            raise RuntimeError(json.dumps(reply)[:300])
        return result["structuredContent"]


def library_toml(files, adapter="mediawiki", names=None):
    """corpus.toml text with one library per archive file (paths relative to CORPUS_ROOT)."""
    names = names or [f"Bench{i + 1}" for i in range(len(files))]
    return "version = 1\n" + "".join(
        f'\n[[library]]\nname = "{n}"\npath = {json.dumps(str(f))}\nadapter = "{adapter}"\n'
        for n, f in zip(names, files))


def start_http_server(config, root, launcher=LAUNCHER, env=None):
    """Starts `serve --http --port 0` on corpus.toml `config`; returns (process, MCP endpoint URL).

    Waits for the server's "ready" line; its stderr is drained afterwards so it never blocks.
    """
    env = dict(os.environ, CORPUS_CONFIG=str(config), CORPUS_ROOT=str(root), LOG_QUERIES="false",
               SEARCH_MAX_LIMIT="10", **(env or {}))
    p = subprocess.Popen([str(launcher), "serve", "--http", "--port", "0"], env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    url = wait_until_ready(p)
    threading.Thread(target=lambda: [None for _ in p.stderr], daemon=True).start()
    return p, url


def wait_until_ready(process):
    """Reads the stderr of a spawned `serve --http` (a text pipe) up to its "ready" line; returns
    the MCP endpoint URL it printed before. Exits when the stream ends first (the server did not
    start). The rest of stderr is the caller's to drain or leave."""
    url = None
    for line in process.stderr:
        m = re.search(r"MCP endpoint: (http://\S+/mcp)", line)
        url = url or (m.group(1) if m else None)
        if url and "ready (" in line:
            return url
    raise SystemExit("corpus-mcp did not start")


class StdioServer:
    """`corpus-mcp serve` over stdio: one JSON-RPC message a line each way, stderr discarded."""

    def __init__(self, launcher, env):
        self.process = subprocess.Popen([str(launcher), "serve"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)

    def send(self, msg):
        self.process.stdin.write((json.dumps(msg) + "\n").encode())
        self.process.stdin.flush()

    def recv(self, want_id):
        """The reply with this id; notifications and other replies on the way are skipped."""
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("server closed stdout")
            msg = json.loads(line)
            if msg.get("id") == want_id:
                return msg

    def close_input(self):
        """End of input: the server finishes and exits; the caller waits for it."""
        self.process.stdin.close()


def search_fetch_load(url, queries, clients):
    """Each query once: search (limit 10), then fetch of the first result, over `clients` kept-alive
    sessions. Returns latencies in seconds per tool, errors per tool and the wall time."""
    lat = {"search": [], "fetch": []}
    errors = {"search": 0, "fetch": 0}
    lock = threading.Lock()
    shares = [queries[i::clients] for i in range(clients)]

    def worker(share):
        s = McpClient(url)
        for q in share:
            t = time.perf_counter()
            try:
                found = s.tool("search", {"query": q, "limit": 10})
                dt = time.perf_counter() - t
                with lock:
                    lat["search"].append(dt)
            except Exception:
                with lock:
                    errors["search"] += 1
                continue
            if not found["results"]:
                continue
            t = time.perf_counter()
            try:
                s.tool("fetch", {"ref": found["results"][0]["ref"]})
                with lock:
                    lat["fetch"].append(time.perf_counter() - t)
            except Exception:
                with lock:
                    errors["fetch"] += 1

    start = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(clients) as pool:
        list(pool.map(worker, shares))
    return lat, errors, time.perf_counter() - start


def title_words(archive, n):
    """n lower-case words of the archive's titles, evenly spread over it (python3-libzim)."""
    from libzim.reader import Archive
    zim = Archive(str(archive))
    words = []
    for i in range(0, zim.all_entry_count, max(1, zim.all_entry_count // (n * 2))):
        words.extend(w.lower() for w in re.findall(r"[A-Za-z]{4,}", zim._get_entry_by_id(i).title))
    return words[:n] or ["the"]
