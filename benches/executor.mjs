// The per-call overhead of the TypeScript executor: `executor.call` against
// what a caller does without it (the generated validator, then the handler),
// on the six-parameter tool of `benches/executor.tool` with a no-op handler.
//
//   cargo build --release
//   node benches/executor.mjs [CALLS] [ROUNDS]      (default 100000 calls, 5 rounds)
//
// It generates the package into `target/bench-executor/` with
// `target/release/toolc`, compiles it with the `tsc` of `target/test-node/`
// (which the TypeScript tests install; `TSC=/path/to/tsc` overrides it), and
// times the variants in turns, one round of each, then the next round, so
// that a machine that slows down weighs on all alike; it prints each one's
// best and median round. `RUNTIME=DIR` puts the runtime files of DIR (a
// `targets/typescript/runtime/` of another checkout, say) in place of
// those toolc wrote, to time two runtimes with one toolc. Timings are
// printed, never asserted.

import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const calls = Number(process.argv[2] ?? 100_000);
const rounds = Number(process.argv[3] ?? 5);
// Cargo's target directory: `CARGO_TARGET_DIR` when set, as cargo does.
const target = process.env.CARGO_TARGET_DIR === undefined ? join(root, "target") : resolve(process.env.CARGO_TARGET_DIR);
const out = join(target, "bench-executor");
const tsc = process.env.TSC ?? join(target, "test-node", "node_modules", ".bin", "tsc");

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
execFileSync(join(target, "release", "toolc"), ["build", join(root, "benches", "executor.tool"), "--target", "typescript", "--out", out], { stdio: "inherit" });
if (process.env.RUNTIME !== undefined) {
  for (const name of readdirSync(out).filter((n) => n.startsWith("toolc-runtime"))) rmSync(join(out, name));
  const runtime = resolve(process.env.RUNTIME);
  for (const name of readdirSync(runtime).filter((n) => n.startsWith("toolc-runtime") && n.endsWith(".ts") && !n.endsWith(".test.ts"))) {
    copyFileSync(join(runtime, name), join(out, name));
  }
}
writeFileSync(join(out, "package.json"), '{"private":true,"type":"module"}\n');
writeFileSync(
  join(out, "tsconfig.json"),
  JSON.stringify({
    compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, skipLibCheck: true, types: [], lib: ["ES2022", "DOM"], outDir: "dist" },
    files: ["bench.ts"],
  }),
);
execFileSync(tsc, ["-p", out], { stdio: "inherit" });

const pkg = await import(pathToFileURL(join(out, "dist", "bench.js")).href);

const args = { id: "12:34", name: "Header", position: 3, order: "desc", tags: ["a", "b"], bounds: { x: 0, y: 0, width: 10, height: 20 } };
const outcome = { id: "12:34", changed: 1 };
const handler = () => outcome;
const def = pkg.updateRecord;

/** What a caller does without the executor: validate, then run the handler. */
async function direct() {
  for (let i = 0; i < calls; i++) {
    const checked = def.validate(args);
    if (checked.ok) await handler(checked.value);
  }
}

/** A fresh executor per round, so the log and the duplicate set start empty. */
function through(options) {
  return async () => {
    const executor = pkg.createExecutor({ update_record: handler }, options);
    for (let i = 0; i < calls; i++) await executor.call("update_record", args);
  };
}

const variants = [
  ["validate + handler", direct],
  ["executor.call (grants only)", through({ grants: ["records:write"] })],
  ["executor.call (+ coerce, budget, onEvent, audit)", through({ grants: ["*"], coerce: true, stepBudget: { max: calls + 1 }, onEvent: () => {}, audit: () => {} })],
];

const times = new Map(variants.map(([name]) => [name, []]));
for (let round = 0; round < rounds; round++) {
  for (const [name, run] of variants) {
    const start = process.hrtime.bigint();
    await run();
    times.get(name).push(Number(process.hrtime.bigint() - start) / calls);
  }
}

const min = (name) => Math.min(...times.get(name));
const median = (name) => {
  const sorted = [...times.get(name)].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const us = (ns) => (ns / 1000).toFixed(2).padStart(6);
console.log(`node ${process.version}, ${calls} calls per round, ${rounds} rounds; µs per call, best and median round`);
for (const [name] of variants) {
  const base = name === variants[0][0] ? "" : `   (${(min(name) / min(variants[0][0])).toFixed(2)}x, ${(median(name) / median(variants[0][0])).toFixed(2)}x)`;
  console.log(`${name.padEnd(50)} ${us(min(name))} ${us(median(name))}${base}`);
}
