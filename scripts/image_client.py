#!/usr/bin/env python3
"""A minimal MCP client (2025-11-25) for checking a running corpus-mcp: initialize, tools/list,
search and fetch, with the answers checked against the bundled handbook.

    image_client.py http URL TOKEN       Streamable HTTP (waits up to 120 s for the server)
    image_client.py stdio COMMAND...     spawns COMMAND and speaks over its stdin/stdout

Standard library only, so it runs wherever python3 does. Exits 1 with the reason on any
mismatch.
"""
import hashlib
import json
import subprocess
import sys
import time
import urllib.error
import urllib.request

QUERY = "Reciprocal Rank Fusion"
# The handbook page that explains the fusion (docs/architecture.md, read by hand).
EXPECTED_REF = "corpus://Handbook/docs/architecture"


def fail(message):
    print("image_client: " + message, file=sys.stderr)
    sys.exit(1)


class Http:
    def __init__(self, url, token):
        self.url, self.token, self.session = url, token, None

    def send(self, message):
        headers = {"Content-Type": "application/json",
                   "Accept": "application/json, text/event-stream",
                   "Authorization": "Bearer " + self.token}
        if self.session:
            headers["Mcp-Session-Id"] = self.session
            headers["MCP-Protocol-Version"] = "2025-11-25"
        request = urllib.request.Request(self.url, json.dumps(message).encode(), headers)
        with urllib.request.urlopen(request, timeout=60) as response:
            self.session = response.headers.get("Mcp-Session-Id") or self.session
            body = response.read().decode()
            if "id" not in message:
                return None
            if response.headers.get("Content-Type", "").startswith("text/event-stream"):
                for line in body.splitlines():
                    if line.startswith("data:"):
                        reply = json.loads(line[5:])
                        if reply.get("id") == message["id"]:
                            return reply
                fail("no reply in the event stream: " + body[:300])
            return json.loads(body)

    def wait_ready(self):
        deadline = time.time() + 120
        while True:
            try:
                return self.send(initialize())
            except (urllib.error.URLError, ConnectionError, OSError) as e:
                if time.time() > deadline:
                    fail("the server never answered at %s: %s" % (self.url, e))
                time.sleep(0.5)


class Stdio:
    def __init__(self, command):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)

    def send(self, message):
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()
        if "id" not in message:
            return None
        while True:
            line = self.process.stdout.readline()
            if not line:
                fail("the server closed stdout (exit %s)" % self.process.poll())
            reply = json.loads(line)
            if reply.get("id") == message["id"]:
                return reply

    def close(self):
        self.process.stdin.close()
        if self.process.wait(timeout=60) != 0:
            fail("the stdio server exited with %d at end of input" % self.process.returncode)


def initialize():
    return {"jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                       "clientInfo": {"name": "image_client", "version": "1"}}}


def call(client, id_, name, arguments):
    reply = client.send({"jsonrpc": "2.0", "id": id_, "method": "tools/call",
                         "params": {"name": name, "arguments": arguments}})
    result = reply.get("result") or fail("%s: %s" % (name, reply))
    if result.get("isError"):
        fail("%s failed: %s" % (name, result))
    return result["structuredContent"]


def check(client, first):
    if first.get("result", {}).get("serverInfo", {}).get("name") != "corpus-mcp":
        fail("initialize: " + json.dumps(first))
    client.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    tools = client.send({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
    names = {tool["name"] for tool in tools["result"]["tools"]}
    if not {"search", "fetch"} <= names:
        fail("tools/list lacks search or fetch: %s" % sorted(names))
    results = call(client, 3, "search", {"query": QUERY})["results"]
    if not results or results[0]["ref"] != EXPECTED_REF:
        fail("search %r: expected %s first, got %s" % (QUERY, EXPECTED_REF,
                                                      [r["ref"] for r in results]))
    document = call(client, 4, "fetch", {"ref": EXPECTED_REF, "sections": ["Modules"]})
    section = document["sections"][0]
    if "plugin-api/" not in section["content"]:
        fail("fetch Modules: the module map is missing: " + section["content"][:200])
    if hashlib.sha256(section["content"].encode()).hexdigest() != section["content_hash"]:
        fail("fetch: content_hash is not the SHA-256 of the content")
    print("image_client: %s: initialize, tools/list, search and fetch answered as expected"
          % sys.argv[1], file=sys.stderr)


def main():
    if sys.argv[1] == "http":
        client = Http(sys.argv[2], sys.argv[3])
        check(client, client.wait_ready())
    elif sys.argv[1] == "stdio":
        client = Stdio(sys.argv[2:])
        check(client, client.send(initialize()))
        client.close()
    else:
        fail("usage: image_client.py http URL TOKEN | stdio COMMAND...")


if __name__ == "__main__":
    main()
