"""What the MCP benchmarks share: percentiles, RSS, an MCP client and the server they start.

Imported by bench_corpus.py, bench_kiwix.py and bench_typos.py (run from the repository root,
so this directory is on the module path). Standard library only.
"""
import http.client
import json
import os
import pathlib
import re
import subprocess
import threading
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


def rss_mib(pid):
    """VmRSS of a process, in MiB."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) // 1024
    return 0


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
    url = None
    for line in p.stderr:
        m = re.search(r"MCP endpoint: (http://\S+/mcp)", line)
        url = url or (m.group(1) if m else None)
        if url and "ready (" in line:
            break
    if not url:
        raise SystemExit("corpus-mcp did not start")
    threading.Thread(target=lambda: [None for _ in p.stderr], daemon=True).start()
    return p, url
