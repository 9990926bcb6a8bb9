// Fetches documents through a real MCP client and counts the tokens of the text block each reply
// carries, with Anthropic's published tokenizer: that text block is what a client such as Claude
// Code measures against its tool-output cap (MAX_MCP_OUTPUT_TOKENS, 25,000 by default) before it
// hands the result to the model. Prints one JSON line (a failed fetch is
// reported with its error code); exits 1 if the client or server failed.
//
//   node fetch-tokens.mjs <launcher> [args...]      spawn the server over stdio
//
// Environment: FETCH_CALLS, a JSON array of fetch arguments ({"ref": …, "sections": […]}).
// The server's stderr passes through, so a failed start explains itself.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import { countTokens } from "@anthropic-ai/tokenizer";

const [target, ...rest] = process.argv.slice(2);
const fail = (message) => {
  console.log(JSON.stringify({ ok: false, error: message }));
  process.exit(1);
};

const env = { ...getDefaultEnvironment() };
for (const key of Object.keys(process.env)) {
  if (key.startsWith("CORPUS_") || key.startsWith("MAX_") || key === "JAVA_HOME" || key === "JAVA_OPTS") {
    env[key] = process.env[key];
  }
}
const transport = new StdioClientTransport({ command: target, args: rest, env, stderr: "inherit" });
const client = new Client({ name: "corpus-mcp-fetch-tokens", version: "1.0.0" });
try {
  await client.connect(transport);
  const replies = [];
  for (const args of JSON.parse(process.env.FETCH_CALLS ?? "[]")) {
    const result = await client.callTool({ name: "fetch", arguments: args });
    const text = result.content?.[0]?.text ?? "";
    if (result.isError) {
      replies.push({ ref: args.ref, error: JSON.parse(text).code ?? "unknown" });
      continue;
    }
    const s = result.structuredContent ?? {};
    replies.push({
      ref: args.ref,
      chars: text.length,
      tokens: countTokens(text),
      truncated: s.truncated ?? null,
      sections: (s.sections ?? []).length,
      omitted: (s.omitted_sections ?? []).length,
    });
  }
  await client.close();
  console.log(JSON.stringify({ ok: true, replies }));
} catch (e) {
  fail(String(e?.stack ?? e));
}
