// Drives corpus-mcp with the new-generation TypeScript MCP client (@modelcontextprotocol/client,
// v2), pinned to the stateless revision 2026-07-28: no initialize, no session, _meta on every
// request. Prints one JSON summary line; exits 1 on any deviation, so the Java test that runs it
// can fail.
//
//   node modern-client.mjs stdio <launcher> [args...]     spawn the server over stdio
//   node modern-client.mjs http <url>                      connect to a running server
//
// Environment: CALLS, a JSON array of {name, arguments}; each call must succeed with
// structuredContent repeated as the text block, and is printed under "results" for the test to
// check its content.
import { Client } from "@modelcontextprotocol/client";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/client/stdio";

const [mode, target, ...rest] = process.argv.slice(2);
const fail = (message) => {
  console.log(JSON.stringify({ ok: false, error: message }));
  process.exit(1);
};

let transport;
if (mode === "stdio") {
  // The SDK passes only a whitelist of variables to the child: forward what the server needs.
  const env = { ...getDefaultEnvironment() };
  for (const key of Object.keys(process.env)) {
    if (key.startsWith("ARCHWIKI_") || key.startsWith("CORPUS_") || key === "JAVA_HOME" || key === "JAVA_OPTS") {
      env[key] = process.env[key];
    }
  }
  transport = new StdioClientTransport({ command: target, args: rest, env, stderr: "ignore" });
} else if (mode === "http") {
  transport = new StreamableHTTPClientTransport(new URL(target));
} else {
  fail(`unknown mode ${mode}`);
}

const client = new Client(
  { name: "corpus-mcp-e2e-modern", version: "1.0.0" },
  { versionNegotiation: { mode: { pin: "2026-07-28" } } },
);
try {
  await client.connect(transport);
  const era = client.getProtocolEra();
  const version = client.getNegotiatedProtocolVersion();
  if (era !== "modern" || version !== "2026-07-28") fail(`negotiated ${era} ${version}, not modern 2026-07-28`);
  const discover = client.getDiscoverResult() ?? (await client.discover());
  const { tools } = await client.listTools();

  const results = [];
  for (const { name, arguments: args } of JSON.parse(process.env.CALLS ?? "[]")) {
    const result = await client.callTool({ name, arguments: args });
    if (result.isError) fail(`tool ${name} failed: ${JSON.stringify(result.content)}`);
    if (!result.structuredContent) fail(`tool ${name} returned no structuredContent`);
    const text = result.content?.[0]?.text;
    if (JSON.stringify(JSON.parse(text)) !== JSON.stringify(result.structuredContent)) {
      fail(`${name}: the text block does not repeat the structured JSON`);
    }
    results.push({ name, structured: result.structuredContent });
  }

  let unknownToolRejected = false;
  try {
    await client.callTool({ name: "no_such_tool", arguments: {} });
  } catch (e) {
    unknownToolRejected = /Unknown tool: no_such_tool/.test(String(e?.message ?? e));
  }
  if (!unknownToolRejected) fail("an unknown tool did not get a JSON-RPC error");

  // ping is not a method of 2026-07-28: a modern server answers it -32601.
  let pingRejected = false;
  try {
    await client.ping();
  } catch (e) {
    pingRejected = true;
  }

  console.log(JSON.stringify({
    ok: true,
    era,
    version,
    server: client.getServerVersion()?.name,
    supportedVersions: discover?.supportedVersions,
    capabilities: Object.keys(client.getServerCapabilities() ?? {}).sort(),
    tools: tools.map((t) => t.name),
    pingRejected,
    results,
  }));
  await client.close();
  process.exit(0);
} catch (e) {
  fail(String(e?.stack ?? e));
}
