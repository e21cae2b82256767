// What the TypeScript executor benchmarks share: `benches/executor.tool`
// generated to TypeScript under `target/<dir>/` with toolc (`TOOLC=...`,
// else `target/release/toolc`), compiled with the `tsc` of
// `target/test-node/` (which the TypeScript tests install; `TSC=...` names
// another), and imported. `RUNTIME=DIR` puts the runtime files of DIR (a
// `targets/typescript/runtime/` of another checkout, say) in place of those
// toolc wrote, to measure two runtimes with one toolc. With `{ mcp: true }`
// the package's MCP module is compiled and imported too, against the MCP
// SDK of `target/test-node/node_modules` (linked into the directory).

import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** Cargo's target directory: `CARGO_TARGET_DIR` when set, as cargo does. */
export const target = process.env.CARGO_TARGET_DIR === undefined ? join(root, "target") : resolve(process.env.CARGO_TARGET_DIR);

/** The package module of `benches/executor.tool`, built under `target/<dir>/`. */
export async function benchPackage(dir, { mcp = false } = {}) {
  const out = join(target, dir);
  const toolc = process.env.TOOLC ?? join(target, "release", "toolc");
  const tsc = process.env.TSC ?? join(target, "test-node", "node_modules", ".bin", "tsc");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  execFileSync(toolc, ["build", join(root, "benches", "executor.tool"), "--target", "typescript", "--out", out], { stdio: "inherit" });
  if (process.env.RUNTIME !== undefined) {
    for (const name of readdirSync(out).filter((n) => n.startsWith("toolc-runtime"))) rmSync(join(out, name));
    const runtime = resolve(process.env.RUNTIME);
    for (const name of readdirSync(runtime).filter((n) => n.startsWith("toolc-runtime") && n.endsWith(".ts") && !n.endsWith(".test.ts"))) {
      copyFileSync(join(runtime, name), join(out, name));
    }
  }
  writeFileSync(join(out, "package.json"), '{"private":true,"type":"module"}\n');
  if (mcp) symlinkSync(join(target, "test-node", "node_modules"), join(out, "node_modules"));
  writeFileSync(
    join(out, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, skipLibCheck: true, types: mcp ? ["node"] : [], lib: ["ES2022", "DOM"], outDir: "dist" },
      files: ["bench.ts", "toolc-runtime.ts", ...(mcp ? ["bench.mcp.ts"] : [])],
    }),
  );
  execFileSync(tsc, ["-p", out], { stdio: "inherit" });
  return {
    pkg: await import(pathToFileURL(join(out, "dist", "bench.js")).href),
    runtime: await import(pathToFileURL(join(out, "dist", "toolc-runtime.js")).href),
    mcp: mcp ? await import(pathToFileURL(join(out, "dist", "bench.mcp.js")).href) : undefined,
    out,
  };
}
