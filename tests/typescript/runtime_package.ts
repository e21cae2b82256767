// The weather package built with `--ts-runtime package`, against the
// `toolc-runtime` package installed from its tarball: one call through the
// executor and one through the MCP adapter. Prints `ok` when both answer as
// the handler says.

import assert from "node:assert/strict";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { RUNTIME_VERSION } from "toolc-runtime";

import { WRITTEN_FOR_RUNTIME, createExecutor, type FindLocationArgs, type FindLocationOutput } from "./generated/weather.js";
import { createMcpServer } from "./generated/weather.mcp.js";

assert.equal(WRITTEN_FOR_RUNTIME, RUNTIME_VERSION);

const paris = { name: "Paris, Île-de-France, FR", latitude: 48.8534, longitude: 2.3488, geonames_id: 2988507, time_zone: "Europe/Paris" };
const seen: FindLocationArgs[] = [];
const executor = createExecutor({
  find_location: (args: FindLocationArgs): FindLocationOutput => {
    seen.push(args);
    return [paris];
  },
});

const direct = await executor.call("find_location", { query: "Paris" });
assert.equal(direct.ok, true, JSON.stringify(direct));
assert.deepEqual(direct.ok && direct.value, [paris]);
// The default of `limit` was applied by the runtime's validator.
assert.deepEqual(seen, [{ query: "Paris", limit: 3 }]);

const server = createMcpServer(executor);
const client = new Client({ name: "runtime-package", version: "0.0.0" });
const [a, b] = InMemoryTransport.createLinkedPair();
await Promise.all([client.connect(a), server.connect(b)]);
const called = await client.callTool({ name: "find_location", arguments: { query: 2988507, limit: 1 } });
assert.equal(called.isError, undefined, JSON.stringify(called));
assert.deepEqual(called.structuredContent, { result: [paris] });
const refused = await client.callTool({ name: "find_location", arguments: { query: "" } });
assert.equal(refused.isError, true);
assert.match(JSON.stringify(refused.content), /invalid_argument/);
await client.close();

console.log("ok");
