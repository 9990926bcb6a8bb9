// One tool call through the official TypeScript MCP SDK client over stdio: initialize, tools/call,
// close, exactly what an MCP host does. Prints the result's structuredContent as JSON on stdout;
// exits 1 with a message on stderr if the call fails or carries no structured content.
//
//   node ts-call.mjs <tool> <arguments-json> <launcher> [args...]
//
// Environment: ARCHWIKI_*, CORPUS_*, JAVA_HOME and JAVA_OPTS are passed on to the server.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";

const [name, args, command, ...rest] = process.argv.slice(2);
// The SDK passes only a whitelist of variables to the child: forward what the server needs.
const env = { ...getDefaultEnvironment() };
for (const key of Object.keys(process.env)) {
  if (key.startsWith("ARCHWIKI_") || key.startsWith("CORPUS_") || key === "JAVA_HOME" || key === "JAVA_OPTS") {
    env[key] = process.env[key];
  }
}
const client = new Client({ name: "corpus-mcp-e2e-call", version: "1.0.0" });
try {
  await client.connect(new StdioClientTransport({ command, args: rest, env, stderr: "ignore" }));
  const result = await client.callTool({ name, arguments: JSON.parse(args) });
  await client.close();
  if (result.isError) {
    console.error(`tool ${name} failed: ${JSON.stringify(result.content)}`);
    process.exit(1);
  }
  if (!result.structuredContent) {
    console.error(`tool ${name} returned no structuredContent`);
    process.exit(1);
  }
  console.log(JSON.stringify(result.structuredContent));
} catch (e) {
  console.error(String(e?.stack ?? e));
  process.exit(1);
}
