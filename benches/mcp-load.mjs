// A load test of the example MCP servers run as two replicas sharing one
// Redis, over Streamable HTTP, their spans exported to an OTLP receiver of
// its own. All on loopback; everything it starts is stopped when it ends,
// however it ends.
//
//   cargo build --release --manifest-path examples/mcp-server/Cargo.toml   (CARGO_TARGET_DIR=target/mcp-server)
//   cargo build --release                                                 (toolc, for the TypeScript example)
//   node benches/mcp-load.mjs [--server rust|typescript|both] [--clients N] [--calls M] [--timeout S]
//
// N clients (default 50), split over the two replicas, each make M calls
// (default 20) one after another, alternating the example's read tool and
// its search tool (`@rate_limit(30/min)`), all clients at once. It prints
// calls per second, p50/p99 latency, each replica's VmRSS before and after,
// and checks that
//   - exactly 30 searches are admitted between both replicas (the others
//     refused as `rate_limited`), and every read succeeds;
//   - the OTLP receiver gets exactly one `execute_tool` span per call: one
//     session per client, M spans in each, no call id twice;
//   - (TypeScript) one audit record per call, on the replica's stderr, for
//     each span's session and call id;
//   - every progress notification a client receives carries one of its own
//     calls' progress tokens.
// It exits 1 when a check fails. `MCP_SERVER=PATH` names another Rust
// server binary (a debug build, say); `TOOLC=PATH` the toolc that generates
// the TypeScript example (default: target/release/toolc, else target/debug/toolc).

import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { attributes, cpuSeconds, firstLine, percentile, rssKiB, start, startReceiver, startRedis, stop, stopAll } from "./mcp-load-parts.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const target = process.env.CARGO_TARGET_DIR === undefined ? join(root, "target") : resolve(process.env.CARGO_TARGET_DIR);
const nodeModules = join(target, "test-node", "node_modules");
const LIMIT = 30;

const options = { server: "both", clients: 50, calls: 20, timeout: 300 };
for (let i = 2; i < process.argv.length; i += 2) {
  const name = process.argv[i].replace(/^--/, "");
  const value = process.argv[i + 1];
  if (!(name in options) || value === undefined) {
    console.error("usage: node benches/mcp-load.mjs [--server rust|typescript|both] [--clients N] [--calls M] [--timeout S]");
    process.exit(2);
  }
  options[name] = name === "server" ? value : Number(value);
  if (name !== "server" && !(Number.isInteger(options[name]) && options[name] > 0)) {
    console.error(`--${name}: a positive whole number, not ${value}`);
    process.exit(2);
  }
}
if (!["rust", "typescript", "both"].includes(options.server)) {
  console.error(`--server: rust, typescript or both, not ${options.server}`);
  process.exit(2);
}

process.on("exit", stopAll);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    stopAll();
    process.exit(130);
  });
}
const watchdog = setTimeout(() => {
  console.error(`the load test did not finish within ${options.timeout} s`);
  process.exit(1);
}, options.timeout * 1000);

const sdk = (path) => import(pathToFileURL(join(nodeModules, "@modelcontextprotocol", "sdk", "dist", "esm", path)).href);
const { Client } = await sdk("client/index.js");
const { StreamableHTTPClientTransport } = await sdk("client/streamableHttp.js");
const { ProgressNotificationSchema } = await sdk("types.js");

/** The TypeScript example built with its own npm scripts in a copy under target/. */
function buildTypescript() {
  const toolc = process.env.TOOLC ?? [join(target, "release", "toolc"), join(target, "debug", "toolc")].find(existsSync);
  if (toolc === undefined) throw new Error("no toolc: cargo build --release (or set TOOLC)");
  const examples = join(target, "bench-mcp-load", "examples");
  rmSync(examples, { recursive: true, force: true });
  mkdirSync(examples, { recursive: true });
  const skip = new Set(["node_modules", "generated", "dist"]);
  cpSync(join(root, "examples", "typescript"), join(examples, "typescript"), { recursive: true, filter: (p) => !skip.has(p.split("/").pop()) });
  cpSync(join(root, "examples", "filesystem.tool"), join(examples, "filesystem.tool"));
  cpSync(join(root, "examples", "common"), join(examples, "common"), { recursive: true });
  symlinkSync(nodeModules, join(examples, "typescript", "node_modules"));
  const env = { ...process.env, PATH: `${dirname(resolve(toolc))}:${process.env.PATH}` };
  for (const script of ["generate", "build"]) {
    execFileSync("npm", ["run", "--silent", script], { cwd: join(examples, "typescript"), env, stdio: "inherit" });
  }
  return join(examples, "typescript", "dist", "src", "server.js");
}

/** A workspace for the TypeScript example: a few files to read and search. */
function workspace() {
  const dir = mkdtempSync(join(tmpdir(), "toolc-mcp-load-"));
  mkdirSync(join(dir, "src"));
  writeFileSync(join(dir, "README.md"), "# A workspace\n\nTODO: write the guide.\n");
  for (let i = 0; i < 20; i++) writeFileSync(join(dir, "src", `m${i}.rs`), `// TODO: module ${i}\nfn f${i}() {}\n`);
  return dir;
}

/** How to start one server's replicas, and what to call on them. */
function serverKind(kind) {
  if (kind === "rust") {
    const binary = process.env.MCP_SERVER ?? join(target, "mcp-server", "release", "toolc-example-mcp-server");
    if (!existsSync(binary)) throw new Error(`no ${binary}: cargo build --release --manifest-path examples/mcp-server/Cargo.toml with CARGO_TARGET_DIR=target/mcp-server`);
    return {
      command: binary,
      args: [],
      stopSignal: "SIGINT", // Ctrl-C: the server flushes its spans, then ends
      read: { name: "read_file", arguments: { path: "src/parser.rs" } },
      search: { name: "search_code", arguments: { query: "fn parse_header" } },
    };
  }
  const server = buildTypescript();
  const dir = workspace();
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  process.once("exit", cleanup); // on the watchdog's exit too
  return {
    command: process.execPath, // `npm run mcp` is `node dist/src/server.js`; node's own pid gives its memory
    args: [server, dir],
    stopSignal: "SIGTERM", // the server flushes its spans, then ends
    audits: true, // one JSON line per call on stderr (the Rust example has no audit sink)
    cleanup,
    read: { name: "read_file", arguments: { path: "README.md" } },
    search: { name: "search_files", arguments: { query: "TODO" } },
  };
}

/** One client's M calls, timed, with its own progress tokens. */
async function runClient(index, url, kind, calls, ready) {
  const client = new Client({ name: `load-${index}`, version: "0" });
  const own = new Set();
  const progress = { own: 0, foreign: [], heard: new Set() };
  // Replaces the SDK's own progress routing: every notification is looked at.
  client.setNotificationHandler(ProgressNotificationSchema, (note) => {
    const token = note.params.progressToken;
    if (own.has(token)) {
      progress.own++;
      progress.heard.add(token);
    } else progress.foreign.push(token);
  });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  await ready;
  const results = [];
  for (let i = 0; i < calls; i++) {
    const call = i % 2 === 0 ? kind.read : kind.search;
    const progressToken = `client-${index}-call-${i}`;
    own.add(progressToken);
    const started = performance.now();
    let code;
    try {
      const result = await client.callTool({ ...call, _meta: { progressToken } });
      code = result.isError ? (result._meta?.["toolc/error"]?.code ?? "error") : "ok";
    } catch (e) {
      code = `exception: ${e.message}`;
    }
    results.push({ tool: call.name, code, ms: performance.now() - started });
  }
  await client.close();
  return { index, results, progress };
}

/** Runs the load against two replicas of `kindName`; returns the failed checks. */
async function run(kindName) {
  console.log(`\n== ${kindName}: ${options.clients} clients x ${options.calls} calls, two replicas, one Redis ==`);
  const kind = serverKind(kindName);
  const failures = [];
  const redis = await startRedis();
  // A receiver per replica: session and call ids are each process's own.
  const receivers = [await startReceiver(), await startReceiver()];
  const replicas = [];
  const audits = { count: 0, keys: new Set() };
  const audit = (line, r) => {
    if (!line.startsWith("{")) return;
    try {
      const record = JSON.parse(line);
      if (typeof record.callId !== "string") return;
      audits.count++;
      audits.keys.add(`${r}/${record.sessionId}/${record.callId}`);
    } catch {
      // not an audit record
    }
  };
  try {
    for (const [r, receiver] of receivers.entries()) {
      const env = { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: "http/json", OTEL_BSP_SCHEDULE_DELAY: "500" };
      const child = start(kind.command, [...kind.args, "--http", "127.0.0.1:0", "--redis", redis.url], { env });
      if (kind.audits) child.on("line", (line) => audit(line, r));
      const line = await firstLine(child, /^https?:\/\/\S+\/mcp\b/, 60_000, `replica ${r}`);
      replicas.push({ child, url: line.trim(), before: rssKiB(child.pid) });
    }
    let go;
    const ready = new Promise((r) => (go = r));
    const clients = Array.from({ length: options.clients }, (_, i) => runClient(i, replicas[i % 2].url, kind, options.calls, ready));
    // Every client connected (initialized) before the timed calls begin.
    await new Promise((r) => setTimeout(r, 200));
    const began = performance.now();
    const clientCpu = process.cpuUsage();
    for (const replica of replicas) replica.cpu = cpuSeconds(replica.child.pid);
    go();
    const outcomes = await Promise.all(clients);
    const seconds = (performance.now() - began) / 1000;
    const { user, system } = process.cpuUsage(clientCpu);
    for (const replica of replicas) {
      replica.after = rssKiB(replica.child.pid);
      replica.cpu = cpuSeconds(replica.child.pid) - replica.cpu;
    }

    const all = outcomes.flatMap((o) => o.results);
    const ms = (list) => `p50 ${percentile(list.map((c) => c.ms), 50).toFixed(1)} ms, p99 ${percentile(list.map((c) => c.ms), 99).toFixed(1)} ms`;
    const reads = all.filter((c) => c.tool === kind.read.name);
    const searches = all.filter((c) => c.tool === kind.search.name);
    console.log(`${all.length} calls in ${seconds.toFixed(2)} s: ${(all.length / seconds).toFixed(0)} calls/s`);
    console.log(`  all      ${ms(all)}`);
    console.log(`  ${kind.read.name.padEnd(8)} ${ms(reads)}`);
    console.log(`  ${kind.search.name.padEnd(8)} ${ms(searches)}`);
    for (const [r, replica] of replicas.entries()) {
      console.log(`  replica ${r}: VmRSS ${(replica.before / 1024).toFixed(1)} MiB before, ${(replica.after / 1024).toFixed(1)} MiB after; ${replica.cpu.toFixed(2)} s of CPU`);
    }
    // All clients are one Node process on the same machine: its share says how far the figures are the servers'.
    console.log(`  clients: ${((user + system) / 1e6).toFixed(2)} s of CPU`);

    // The shared window: 30 admitted between both replicas, the rest refused.
    const admitted = searches.filter((c) => c.code === "ok").length;
    const refused = searches.filter((c) => c.code === "rate_limited").length;
    console.log(`  ${kind.search.name}: ${admitted} admitted, ${refused} rate_limited of ${searches.length}`);
    if (seconds >= 60) failures.push(`the calls took ${seconds.toFixed(0)} s, longer than the 1-minute window: the admitted count says nothing`);
    const expected = Math.min(LIMIT, searches.length);
    if (admitted !== expected || admitted + refused !== searches.length) failures.push(`searches: ${admitted} admitted and ${refused} refused of ${searches.length}, expected ${expected} admitted`);
    const badReads = reads.filter((c) => c.code !== "ok");
    if (badReads.length > 0) failures.push(`${badReads.length} reads failed: ${[...new Set(badReads.map((c) => c.code))].join(", ")}`);
    const others = searches.filter((c) => c.code !== "ok" && c.code !== "rate_limited");
    if (others.length > 0) failures.push(`${others.length} searches answered otherwise: ${[...new Set(others.map((c) => c.code))].join(", ")}`);

    // Progress: every notification a client saw is one of its own calls'.
    const foreign = outcomes.flatMap((o) => o.progress.foreign);
    const seen = outcomes.reduce((n, o) => n + o.progress.own, 0);
    console.log(`  progress: ${seen} notifications to their own client, ${foreign.length} to another`);
    if (foreign.length > 0) failures.push(`progress notifications reached the wrong client: ${foreign.slice(0, 5).join(", ")}`);
    const silent = outcomes.reduce((n, o) => n + options.calls - o.progress.heard.size, 0);
    if (silent > 0) failures.push(`${silent} calls had no progress notification`);

    // Spans: stop the replicas (which flushes their exporters), then count.
    await Promise.all(replicas.map((r) => stop(r.child, kind.stopSignal, 15_000)));
    const deadline = Date.now() + 10_000;
    const calls = () => receivers.flatMap((receiver, r) => receiver.spans.filter((s) => s.name.startsWith("execute_tool ")).map((s) => ({ ...s, replica: r })));
    while (calls().length < all.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 500)); // anything late, so that too many spans show
    const spans = calls();
    const bySession = new Map();
    for (const span of spans) {
      const a = attributes(span);
      const key = `${span.replica}/${a["toolc.session.id"]}`;
      const session = bySession.get(key) ?? { count: 0, ids: new Set() };
      session.count++;
      session.ids.add(a["gen_ai.tool.call.id"]);
      bySession.set(key, session);
      span.key = `${key}/${a["gen_ai.tool.call.id"]}`;
    }
    const sessionsRight = [...bySession.values()].filter((s) => s.count === options.calls && s.ids.size === options.calls).length;
    console.log(`  spans: ${spans.length} for ${all.length} calls; ${bySession.size} sessions, ${sessionsRight} with one span per call, no call id twice`);
    for (const receiver of receivers) {
      if (receiver.spans.unreadable) failures.push(`${receiver.spans.unreadable} OTLP bodies unreadable: ${receiver.spans.lastError}`);
    }
    if (spans.length !== all.length) failures.push(`${spans.length} spans for ${all.length} calls`);
    if (bySession.size !== options.clients || sessionsRight !== options.clients) failures.push(`spans per session: ${[...bySession.values()].map((s) => `${s.count}/${s.ids.size}`).join(" ")}`);
    if (kind.audits) {
      const unaudited = spans.filter((s) => !audits.keys.has(s.key)).length;
      console.log(`  audit: ${audits.count} records for ${all.length} calls, ${audits.keys.size} distinct calls, ${unaudited} spans without one`);
      if (audits.count !== all.length || audits.keys.size !== all.length || unaudited > 0) failures.push(`audit: ${audits.count} records, ${audits.keys.size} distinct, ${unaudited} spans unaudited, for ${all.length} calls`);
    }
    const spanNames = (name) => spans.filter((s) => s.name === `execute_tool ${name}`).length;
    if (spanNames(kind.search.name) !== searches.length) failures.push(`${spanNames(kind.search.name)} ${kind.search.name} spans for ${searches.length} searches`);
    const limitedSpans = spans.filter((s) => attributes(s)["error.type"] === "rate_limited").length;
    if (limitedSpans !== refused) failures.push(`${limitedSpans} spans with error.type rate_limited for ${refused} refusals`);
  } finally {
    await Promise.all(replicas.map((r) => stop(r.child, "SIGKILL", 5_000)));
    await stop(redis.child, "SIGTERM", 5_000);
    for (const receiver of receivers) receiver.close();
    kind.cleanup?.();
  }
  for (const failure of failures) console.log(`  FAILED: ${failure}`);
  if (failures.length === 0) console.log("  checks: ok");
  return failures;
}

const kinds = options.server === "both" ? ["rust", "typescript"] : [options.server];
let failed = 0;
for (const kind of kinds) failed += (await run(kind)).length;
clearTimeout(watchdog);
process.exit(failed === 0 ? 0 : 1);
