// Drives the MCP server in-process through the SDK's client against a fresh
// temporary workspace: what an MCP host would see. The tests run it.

import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";

import { createMcpServer } from "../generated/filesystem.mcp.js";
import { handlers } from "./handlers.js";
import { Workspace } from "./workspace.js";

const root = await mkdtemp(path.join(tmpdir(), "toolc-example-"));
try {
  const server = createMcpServer(handlers(new Workspace(root)));
  const client = new Client({ name: "smoke", version: "0.0.0" });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([client.connect(a), server.connect(b)]);

  const { tools } = await client.listTools();
  const write = tools.find((t) => t.name === "write_file");
  assert.equal(write?.annotations?.destructiveHint, true);
  assert.equal(tools.find((t) => t.name === "read_file")?.annotations?.readOnlyHint, true);

  const written = await client.callTool({ name: "write_file", arguments: { path: "notes/todo.md", content: "# To do\n" } });
  assert.equal(written.isError, true, "the parent does not exist yet");
  await client.callTool({ name: "create_directory", arguments: { path: "notes" } });
  const ok = await client.callTool({ name: "write_file", arguments: { path: "notes/todo.md", content: "# To do\n- ship\n" } });
  assert.deepEqual(ok.structuredContent, { path: "notes/todo.md", bytes_written: 15, replaced: false });

  const read = await client.callTool({ name: "read_file", arguments: { path: "notes/todo.md" } });
  assert.equal((read.structuredContent as { content: string }).content, "# To do\n- ship\n");

  const listing = await client.callTool({ name: "list_directory", arguments: {} });
  assert.deepEqual((listing.structuredContent as { entries: Array<{ name: string }> }).entries.map((e) => e.name), ["notes"]);

  const found = await client.callTool({ name: "search_files", arguments: { query: "ship" } });
  assert.equal((found.structuredContent as { matches: Array<{ line: number }> }).matches[0]?.line, 2);

  const outside = await client.callTool({ name: "read_file", arguments: { path: "../etc/passwd" } });
  assert.equal(outside.isError, true);
  assert.match(JSON.stringify(outside.content), /outside_workspace/);

  const invalid = await client.callTool({ name: "read_file", arguments: { path: "/etc/passwd" } });
  assert.equal(invalid.isError, true);
  assert.match(JSON.stringify(invalid.content), /invalid_argument/);

  await client.close();
  console.log("smoke: ok");
} finally {
  await rm(root, { recursive: true, force: true });
}
