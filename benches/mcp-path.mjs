// A `tools/call` through an MCP server: the package toolc generates from
// `benches/executor.tool`, served by its `createMcpServer(executor)`,
// against the same tool written with the MCP TypeScript SDK's own
// `McpServer.registerTool` and a zod schema of the same constraints. Both
// are driven by the SDK's `Client` over `InMemoryTransport.createLinkedPair()`
// in this one process.
//
//   cargo build --release
//   cargo test --test it typescript::runtime   (once: installs target/test-node)
//   node benches/mcp-path.mjs [CALLS] [ROUNDS] [toolc|sdk]
//
// Default 20000 calls, 7 rounds. It builds the package into
// `target/bench-mcp-path/` (see `ts-package.mjs`: `TOOLC`, `TSC`, `RUNTIME`),
// checks that both servers answer alike (the same result for valid calls,
// an error for each invalid one), then times CALLS sequential calls on a
// fresh server and client per round, the two in turns (the order swapped
// every round), and prints CPU and wall µs per call, each round's ratio and
// their range. A third argument times that server alone (for
// `node --cpu-prof`). Timings are printed, never asserted.

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

import { benchPackage } from "./ts-package.mjs";

const calls = Number(process.argv[2] ?? 20_000);
const rounds = Number(process.argv[3] ?? 7);
const only = process.argv[4];

const { pkg, mcp, out } = await benchPackage("bench-mcp-path", { mcp: true });
// The SDK and zod as the generated module resolves them (the linked node_modules).
writeFileSync(
  join(out, "sdk.mjs"),
  [
    'export { Client } from "@modelcontextprotocol/sdk/client/index.js";',
    'export { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";',
    'export { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
    'export { z } from "zod";',
    "",
  ].join("\n"),
);
const { Client, InMemoryTransport, McpServer, z } = await import(pathToFileURL(join(out, "sdk.mjs")).href);

const handler = (args) => ({ id: args.id, changed: 1 });

/** toolc's server: the generated package's executor, granted the tool's permission. */
function toolcServer() {
  return mcp.createMcpServer(pkg.createExecutor({ update_record: handler }, { grants: ["records:write"] }));
}

/** The same tool with the SDK's own `registerTool`: `benches/executor.tool`'s constraints in zod. */
function sdkServer() {
  const server = new McpServer({ name: "bench", version: "0.0.0" });
  const bounds = z.strictObject({ x: z.number(), y: z.number(), width: z.number().min(0), height: z.number().min(0) });
  server.registerTool(
    "update_record",
    {
      description: "Update a record with the given values and report the outcome.",
      inputSchema: z.strictObject({
        id: z.string().regex(/^[0-9]+:[0-9]+$/),
        name: z.string().min(1).max(120),
        position: z.number().int().min(0).max(10000).default(0),
        order: z.enum(["asc", "desc"]).default("asc"),
        tags: z.array(z.string().min(1).max(40)).max(10).optional(),
        bounds: bounds.optional(),
      }),
      outputSchema: z.strictObject({ id: z.string(), changed: z.number().int().min(0) }),
    },
    (args) => {
      const structuredContent = handler(args);
      return { content: [{ type: "text", text: JSON.stringify(structuredContent) }], structuredContent };
    },
  );
  return server;
}

const servers = { toolc: toolcServer, sdk: sdkServer };

/** A client connected in memory to a new server of `side`. */
async function connect(side) {
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
  const server = servers[side]();
  await server.connect(serverEnd);
  const client = new Client({ name: "bench", version: "0.0.0" });
  await client.connect(clientEnd);
  return { client, close: () => client.close() };
}

const valid = { id: "12:34", name: "Header", position: 3, order: "desc", tags: ["a", "b"], bounds: { x: 0, y: 0, width: 10, height: 20 } };

/** A result's gist for comparing the two: content and structured content, or "error". */
async function gist(client, args) {
  try {
    const r = await client.callTool({ name: "update_record", arguments: args });
    return r.isError === true ? "error" : JSON.stringify({ content: r.content, structuredContent: r.structuredContent });
  } catch {
    return "error";
  }
}

/** Fails unless both servers answer each call alike. */
async function check() {
  const invalid = [
    { id: "12-34" },
    { name: "" },
    { name: "x".repeat(121) },
    { position: 10001 },
    { position: 1.5 },
    { order: "sideways" },
    { tags: Array(11).fill("a") },
    { tags: [""] },
    { bounds: { x: 0, y: 0, width: -1, height: 1 } },
    { unknown: 1 },
  ].map((change) => ({ ...valid, ...change }));
  const { name: _, ...missing } = valid;
  invalid.push(missing);
  const cases = [[valid, false], [{ id: "1:2", name: "Header" }, false], ...invalid.map((args) => [args, true])];
  const [a, b] = [await connect("toolc"), await connect("sdk")];
  for (const [args, wantError] of cases) {
    const [x, y] = [await gist(a.client, args), await gist(b.client, args)];
    if (x !== y) throw new Error(`the two servers answer ${JSON.stringify(args)} differently:\n  toolc ${x}\n  sdk   ${y}`);
    if ((x === "error") !== wantError) throw new Error(`${JSON.stringify(args)}: ${x}`);
  }
  await a.close();
  await b.close();
  return cases.length;
}

/** `n` sequential calls on a fresh connection: CPU and wall µs per call. */
async function round(side, n) {
  const { client, close } = await connect(side);
  const request = { name: "update_record", arguments: valid };
  const [cpu, wall] = [process.cpuUsage(), process.hrtime.bigint()];
  for (let i = 0; i < n; i++) {
    const r = await client.callTool(request);
    if (r.isError === true) throw new Error(`${side}: ${JSON.stringify(r.content)}`);
  }
  const used = process.cpuUsage(cpu);
  const figures = [(used.user + used.system) / n, Number(process.hrtime.bigint() - wall) / 1000 / n];
  await close();
  return figures;
}

console.log(`node ${process.version}; both servers answer alike (${await check()} calls, valid and invalid)`);
for (const side of ["toolc", "sdk"]) await round(side, Math.ceil(calls / 10));
if (only !== undefined) {
  for (let r = 0; r < rounds; r++) console.log(`${only}: ${(await round(only, calls))[0].toFixed(2)} µs CPU per call`);
  process.exit(0);
}
const figures = [];
for (let r = 0; r < rounds; r++) {
  const pair = {};
  for (const side of r % 2 === 0 ? ["toolc", "sdk"] : ["sdk", "toolc"]) pair[side] = await round(side, calls);
  const ratio = pair.toolc[0] / pair.sdk[0];
  const f = (x) => x.toFixed(2);
  console.log(`round ${r + 1}: toolc ${f(pair.toolc[0])} µs CPU (${f(pair.toolc[1])} wall), sdk ${f(pair.sdk[0])} µs CPU (${f(pair.sdk[1])} wall), ratio ${ratio.toFixed(3)}`);
  figures.push({ ...pair, ratio });
}
const sorted = (xs) => [...xs].sort((a, b) => a - b);
const mid = (xs) => sorted(xs)[Math.floor(xs.length / 2)];
console.log(`${calls} calls per round, ${rounds} rounds; CPU µs per call, best and median round:`);
for (const side of ["toolc", "sdk"]) {
  const cpu = figures.map((p) => p[side][0]);
  console.log(`  ${(side === "toolc" ? "createMcpServer(executor)" : "McpServer.registerTool + zod").padEnd(30)} ${sorted(cpu)[0].toFixed(2).padStart(7)} ${mid(cpu).toFixed(2).padStart(7)}`);
}
const ratios = sorted(figures.map((p) => p.ratio));
console.log(`toolc / sdk, CPU per call, each round: ${ratios[0].toFixed(3)} to ${ratios.at(-1).toFixed(3)} (median ${mid(ratios).toFixed(3)})`);
