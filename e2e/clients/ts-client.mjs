// Drives corpus-mcp with the official TypeScript MCP SDK client, the way Claude Desktop, the MCP
// Inspector and most agent frameworks talk to it. Prints one JSON summary line; exits 1 on any
// deviation, so the Java test that runs it can fail.
//
//   node ts-client.mjs stdio <launcher> [args...]     spawn the server over stdio
//   node ts-client.mjs http <url>                      connect to a running server
//
// Environment: CALL_TOOL, CALL_ARGS (JSON) name the tool call to check; the call must succeed,
// carry structuredContent that the client validated against the tool's outputSchema, and repeat
// that JSON as text; it is printed as "structured" for the test to check its content. GET_PROMPT names a prompt to get when the server advertises prompts; its
// text messages are printed, and an unknown prompt must get a JSON-RPC error.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

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

const client = new Client({ name: "corpus-mcp-e2e", version: "1.0.0" });
try {
  await client.connect(transport);
  const version = client.getServerVersion();
  const { tools } = await client.listTools();
  await client.ping();

  const name = process.env.CALL_TOOL;
  const args = JSON.parse(process.env.CALL_ARGS ?? "{}");
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) fail(`tool ${name} failed: ${JSON.stringify(result.content)}`);
  if (!result.structuredContent) fail(`tool ${name} returned no structuredContent`);
  const text = result.content?.[0]?.text;
  if (JSON.stringify(JSON.parse(text)) !== JSON.stringify(result.structuredContent)) {
    fail("the text block does not repeat the structured JSON");
  }

  let prompts = null;
  let promptText = null;
  if (client.getServerCapabilities()?.prompts) {
    prompts = (await client.listPrompts()).prompts;
    const wanted = process.env.GET_PROMPT;
    if (wanted) {
      const got = await client.getPrompt({ name: wanted });
      if (!got.messages?.length) fail(`prompt ${wanted} has no messages`);
      if (got.messages.some((m) => m.content?.type !== "text")) fail(`prompt ${wanted} is not text`);
      promptText = got.messages.map((m) => m.content.text).join("\n");
    }
    let unknownPromptRejected = false;
    try {
      await client.getPrompt({ name: "no_such_prompt" });
    } catch (e) {
      unknownPromptRejected = /Unknown prompt: no_such_prompt/.test(String(e?.message ?? e));
    }
    if (!unknownPromptRejected) fail("an unknown prompt did not get a JSON-RPC error");
  }

  const invalid = await client.callTool({ name, arguments: { no_such_argument: 1 } });
  if (!invalid.isError) fail("an unknown argument was accepted");

  let unknownToolRejected = false;
  try {
    await client.callTool({ name: "no_such_tool", arguments: {} });
  } catch (e) {
    unknownToolRejected = /Unknown tool/.test(String(e?.message ?? e));
  }
  if (!unknownToolRejected) fail("an unknown tool did not get a JSON-RPC error");

  if (mode === "http") await transport.terminateSession();
  await client.close();
  console.log(JSON.stringify({
    ok: true,
    server: version,
    protocolVersion: transport.protocolVersion ?? null,
    tools: tools.map((t) => t.name),
    annotations: tools.map((t) => t.annotations ?? null),
    structuredKeys: Object.keys(result.structuredContent),
    structured: result.structuredContent,
    prompts: prompts && prompts.map((p) => ({ name: p.name, description: p.description, arguments: p.arguments })),
    promptText,
  }));
} catch (e) {
  fail(String(e?.stack ?? e));
}
