// An MCP stdio server for a workspace directory, every tool with its exact
// JSON schema and annotations:
//   node dist/src/server.js /path/to/workspace

import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

import { createMcpServer } from "../generated/filesystem.mcp.js";
import { handlers } from "./handlers.js";
import { Workspace } from "./workspace.js";

const root = process.argv[2] ?? process.cwd();
const server = createMcpServer(handlers(new Workspace(root)), { name: "filesystem", version: "0.1.0" });
await server.connect(new StdioServerTransport());
