// An MCP stdio server for a workspace directory, every tool with its exact
// JSON schema and annotations:
//   node dist/src/server.js /path/to/workspace
// No approval callback is given, so the tools marked `@confirm` (writes,
// moves) are refused: a host that can ask its user passes `approve`.

import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

import { createMcpServer } from "../generated/filesystem.mcp.js";
import { workspaceExecutor } from "./agent.js";

const root = process.argv[2] ?? process.cwd();
const executor = workspaceExecutor(root, { audit: (record) => console.error(JSON.stringify(record)) });
const server = createMcpServer(executor, { name: "filesystem", version: "0.1.0" });
await server.connect(new StdioServerTransport());
