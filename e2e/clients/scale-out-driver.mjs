// Load driver for scripts/scale-out.sh: C concurrent MCP clients against one URL (nginx in front
// of the replicas) for a bounded time, then one JSON summary line on stdout.
//
//   node scale-out-driver.mjs --url http://127.0.0.1:8080/mcp [--clients 64] [--duration 30]
//                             [--era legacy|modern] [--tool search] [--token T] [--timeout 30]
//
// legacy: each client runs the MCP 2025-11-25 session: initialize, notifications/initialized,
//   then tools/call in a loop with its Mcp-Session-Id. A 404 means the replica holding the session
//   is gone: the client counts a re-initialize, starts a new session and repeats the call.
// modern: each request is a stateless MCP 2026-07-28 tools/call (no session; the revision's
//   _meta and MCP-Protocol-Version header).
//
// A call whose connection breaks mid-answer (its replica died after the SSE response began) is
// asked once more, in a new session for legacy clients: the tools are read-only.
//
// Counted: requests (tools/call answered with a JSON-RPC result), errors (anything else: HTTP
// failures, JSON-RPC errors, isError results, network errors, timeouts), re-initializes, retries
// after a broken connection, latency of each
// tools/call (p50/p99, including a retry after a re-initialize), and which replica answered
// (nginx's X-Corpus-Mcp-Replica header). No dependencies: Node's own fetch.

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, a, i, all) => {
  if (a.startsWith('--')) pairs.push([a.slice(2), all[i + 1]?.startsWith('--') ? 'true' : all[i + 1]]);
  return pairs;
}, []));
const url = args.url ?? 'http://127.0.0.1:8080/mcp';
const clients = Number(args.clients ?? 64);
const durationMs = Number(args.duration ?? 30) * 1000;
const era = args.era ?? 'legacy';
const tool = args.tool ?? 'search';
const token = args.token ?? process.env.MCP_AUTH_TOKEN;
const timeoutMs = Number(args.timeout ?? 30) * 1000;
if (!['legacy', 'modern'].includes(era)) {
  console.error(`--era must be legacy or modern, got ${era}`);
  process.exit(2);
}

const LEGACY = '2025-11-25';
const MODERN = '2026-07-28';
const QUERIES = ['corpus', 'search', 'fetch', 'archive', 'plugin', 'session', 'token', 'library',
  'index', 'section', 'timeout', 'limit', 'wiki', 'markdown', 'server', 'client'];

const stats = { requests: 0, errors: 0, reinitializes: 0, retries: 0, latencies: [], replicas: {}, errorKinds: {} };
const deadline = Date.now() + durationMs;

function baseHeaders(extra = {}) {
  const h = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...extra };
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

/** The JSON-RPC message of a body sent as JSON or as SSE events (the one with an id). */
function messageOf(text) {
  if (!text.trimStart().startsWith('{')) {
    const data = text.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim());
    for (const d of data) {
      try {
        const m = JSON.parse(d);
        if (m.id !== undefined) return m;
      } catch { /* keep-alive or partial event */ }
    }
    return null;
  }
  return JSON.parse(text);
}

async function post(body, headers) {
  const res = await fetch(url, { method: 'POST', headers: baseHeaders(headers), body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs) });
  const text = await res.text();
  return { res, text };
}

function error(kind) {
  stats.errors++;
  stats.errorKinds[kind] = (stats.errorKinds[kind] ?? 0) + 1;
}

function callParams(n) {
  const params = { name: tool, arguments: { query: QUERIES[n % QUERIES.length] } };
  if (era === 'modern') {
    params._meta = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} };
  }
  return params;
}

async function initialize(client) {
  try {
    return await openSession(client);
  } catch (e) {
    if (e.name === 'TimeoutError' || e.message.startsWith('initialize:')) throw e;
    // the connection broke mid-answer (its replica died): a new session is as good
    stats.retries++;
    return openSession(client);
  }
}

async function openSession(client) {
  const { res, text } = await post({ jsonrpc: '2.0', id: 0, method: 'initialize', params: {
    protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: `scale-out-${client}`, version: '1' } } }, {});
  const session = res.headers.get('mcp-session-id');
  if (res.status !== 200 || !session) throw new Error(`initialize: HTTP ${res.status} ${text.slice(0, 200)}`);
  await post({ jsonrpc: '2.0', method: 'notifications/initialized' },
    { 'Mcp-Session-Id': session, 'MCP-Protocol-Version': LEGACY });
  return session;
}

async function call(session, n) {
  const headers = era === 'legacy'
    ? { 'Mcp-Session-Id': session, 'MCP-Protocol-Version': LEGACY }
    // The revision's routing headers mirror the body, so a balancer can route without parsing it.
    : { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': 'tools/call', 'Mcp-Name': tool };
  return post({ jsonrpc: '2.0', id: n, method: 'tools/call', params: callParams(n) }, headers);
}

async function runClient(client) {
  let session = null;
  let n = client;
  while (Date.now() < deadline) {
    n++;
    const started = performance.now();
    try {
      if (era === 'legacy' && session === null) session = await initialize(client);
      let answer;
      try {
        answer = await call(session, n);
      } catch (e) {
        if (e.name === 'TimeoutError') throw e;
        // The connection broke mid-answer: the replica died after its SSE response had begun,
        // too late for nginx to retry. The tool is read-only, so the client asks again; a legacy
        // client in a new session, since that replica's sessions are gone with it.
        stats.retries++;
        if (era === 'legacy') {
          stats.reinitializes++;
          session = await initialize(client);
        }
        answer = await call(session, n);
      }
      let { res, text } = answer;
      if (era === 'legacy' && res.status === 404) {
        // the session's replica is gone: what the legacy revision prescribes is a new session
        stats.reinitializes++;
        session = await initialize(client);
        ({ res, text } = await call(session, n));
      }
      const replica = res.headers.get('x-corpus-mcp-replica') ?? 'unknown';
      if (res.status !== 200) {
        error(`HTTP ${res.status}`);
        continue;
      }
      const message = messageOf(text);
      if (!message || message.error || !message.result || message.result.isError) {
        error(message?.error ? `JSON-RPC ${message.error.code}` : 'no result');
        continue;
      }
      stats.requests++;
      stats.latencies.push(performance.now() - started);
      // with retries, nginx lists every replica it tried; the last one answered
      const answered = replica.split(',').pop().trim();
      stats.replicas[answered] = (stats.replicas[answered] ?? 0) + 1;
    } catch (e) {
      error(e.name === 'TimeoutError' ? 'timeout' : `network: ${e.cause?.code ?? e.message}`);
      session = era === 'legacy' ? null : session;
    }
  }
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const began = Date.now();
await Promise.all(Array.from({ length: clients }, (_, i) => runClient(i)));
const seconds = (Date.now() - began) / 1000;
const sorted = stats.latencies.sort((a, b) => a - b);
const summary = {
  era, clients, seconds: Number(seconds.toFixed(1)), requests: stats.requests, errors: stats.errors,
  reinitializes: stats.reinitializes, retries: stats.retries, requestsPerSecond: Number((stats.requests / seconds).toFixed(1)),
  p50ms: sorted.length ? Number(percentile(sorted, 50).toFixed(1)) : null,
  p99ms: sorted.length ? Number(percentile(sorted, 99).toFixed(1)) : null,
  replicas: stats.replicas, errorKinds: stats.errorKinds,
};
console.log(JSON.stringify(summary));
