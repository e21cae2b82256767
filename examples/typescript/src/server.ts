// An MCP server for a workspace directory, every tool with its exact JSON
// schema and annotations:
//   npm run mcp -- [ROOT] [--http ADDR]
// ROOT is the workspace (default: the current directory). Without --http
// it serves one client on stdio; with --http 127.0.0.1:8080 it serves
// Streamable HTTP at http://127.0.0.1:8080/mcp (port 0 picks a free one)
// to many clients, each in its own session of the one executor (its own
// step budget, log and progress; the rate limits and audit are shared),
// and prints that URL. No approval callback is given, so the tools marked
// `@confirm` (writes, moves) are refused unless the client declares
// elicitation and its user says yes; a host that can ask its user passes
// `approve`.

import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

import { createMcpServer, serveHttp } from "../generated/filesystem.mcp.js";
import { workspaceExecutor } from "./agent.js";

const usage = "usage: npm run mcp -- [ROOT] [--http ADDR]";

/** ROOT and ADDR from the command line, or the reason they cannot be read. */
function parse(argv: readonly string[]): { root: string; http?: { host: string; port: number } } | string {
  let root: string | undefined;
  let http: { host: string; port: number } | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--http") {
      const addr = argv[++i] ?? "";
      const at = addr.lastIndexOf(":");
      const port = Number(addr.slice(at + 1));
      if (at <= 0 || !Number.isInteger(port) || port < 0 || port > 65535) return `--http needs HOST:PORT, such as 127.0.0.1:8080\n${usage}`;
      http = { host: addr.slice(0, at).replace(/^\[(.*)\]$/, "$1"), port };
    } else if (root === undefined && !arg.startsWith("-")) {
      root = arg;
    } else {
      return `unexpected argument ${arg}\n${usage}`;
    }
  }
  return { root: root ?? process.cwd(), ...(http === undefined ? {} : { http }) };
}

const args = parse(process.argv.slice(2));
if (typeof args === "string") {
  console.error(args);
  process.exit(2);
}
// stdout belongs to the protocol on stdio; the audit goes to stderr.
const executor = workspaceExecutor(args.root, { audit: (record) => console.error(JSON.stringify(record)) });
const info = { name: "filesystem", version: "0.1.0" };
if (args.http === undefined) {
  await createMcpServer(executor, info).connect(new StdioServerTransport());
} else {
  const server = await serveHttp(executor, info, args.http);
  console.log(server.url);
}
