// An MCP stdio server exposing every tool with its exact JSON schema and
// annotations: `node dist/src/server.js`.

import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

import { createMcpServer } from "../generated/design.mcp.js";
import { Document } from "./document.js";
import { handlers } from "./handlers.js";

const doc = new Document();
doc.addText("Title");
const server = createMcpServer(handlers(doc), { name: "design", version: "0.1.0" });
await server.connect(new StdioServerTransport());
