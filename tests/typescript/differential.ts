// The differential checks: the validator against the jsonschema crate's
// verdicts (the cases of tests/it/common/arggen.rs) and against ajv, an
// independent JSON Schema 2020-12 implementation, over the emitted schemas.

import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";

import { Ajv2020 } from "ajv/dist/2020.js";
import formatsModule from "ajv-formats";

import * as core from "./pkg.js";
import { cases, check, clone, differentialPath, type Def } from "./support.js";

interface DifferentialCase {
  /** The tool's MCP name. */
  tool: string;
  args: unknown;
  label?: string;
  /** The jsonschema crate's verdict on the emitted inputSchema, formats asserted. */
  schema_valid: boolean;
  /** What a dispatcher must decide: the verdict plus the null-for-optional leniency. */
  expect: boolean;
}

export async function differential(): Promise<void> {
  if (differentialPath === "" || !existsSync(differentialPath)) return;
  const lines = readFileSync(differentialPath, "utf8").split("\n").filter((l) => l.trim() !== "");
  const byMcpName = new Map((core.ALL_TOOLS as readonly Def[]).map((d) => [d.mcp.name, d]));
  const disagreements: string[] = [];
  let beyondInt64 = 0;
  let compared = 0;
  for (const line of lines) {
    const c = JSON.parse(line) as DifferentialCase;
    // `null` arguments are a call without arguments (`{}`), as in the Rust
    // dispatcher: only the generator's "null arguments" line states that.
    if (c.args === null && c.label !== "null arguments") continue;
    compared++;
    const def = byMcpName.get(c.tool);
    const r = def === undefined ? core.validateArgs(c.tool, c.args) : def.validate(c.args);
    if (!r.ok && c.expect && isBeyondInt64(at(c.args, r.error.path ?? ""))) {
      // `int` is 64-bit in toolc (the Rust dispatcher rejects these too);
      // JSON Schema's `integer` has no range.
      beyondInt64++;
      continue;
    }
    if (r.ok !== c.expect) {
      disagreements.push(
        `${c.tool} [${c.label ?? ""}] ${JSON.stringify(c.args).slice(0, 300)}: expected ${c.expect ? "accept" : "reject"}, validator ${r.ok ? "accepts" : `rejects at ${r.error.path}: ${r.error.message}`}`,
      );
    }
  }
  await check(`differential vs the jsonschema crate: ${compared} cases`, () => {
    assert.equal(disagreements.length, 0, `${disagreements.length} disagreements:\n${disagreements.slice(0, 20).join("\n")}`);
  });
  console.log(
    `differential vs the jsonschema crate: ${compared} cases, ${disagreements.length} disagreements, ${beyondInt64} integers beyond 64 bits rejected on purpose`,
  );
}

/** The value at JSON pointer `path` in `value`. */
function at(value: unknown, path: string): unknown {
  if (path === "") return value;
  let current: unknown = value;
  for (const raw of path.slice(1).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof current !== "object" || current === null || !Object.prototype.hasOwnProperty.call(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function isBeyondInt64(value: unknown): boolean {
  return typeof value === "number" && Number.isInteger(value) && Math.abs(value) >= 2 ** 63;
}

/** Values tried at every position of every example. No `null`: for an
 * optional, non-nullable argument the validator's one documented leniency
 * (null means absent) departs from the schema on purpose. */
const POOL: unknown[] = [
  0, -1, 1, 7, 1.5, 0.25, 100000, -3.75, 1e-7, 4096,
  "", "a", "1:2", "ABC", "x".repeat(41), "é".repeat(130), "2024-01-01", "2024-02-30", "2024-01-01T00:00:00Z",
  "2024-01-01T25:00:00Z", "12:00:00Z", "12:00:00", "P1D", "PT", "a@b.co", "a@@b", "example.com", "-bad-.com",
  "127.0.0.1", "256.0.0.1", "::1", "1::2::3", "https://x.y/z", "not a uri", "123e4567-e89b-12d3-a456-426614174000",
  "123e4567e89b12d3a456426614174000", "#FF00AA", "src/main.rs", "/abs", "TODO", "utf-8", "base64", "literal",
  true, false, [], [1], ["a"], ["a", "a"], [{}], {}, { a: 1 }, { kind: "circle", radius: 1 },
];

/** Every argument object one change away from `seed`: each position replaced by each pool value, each key deleted, an unknown key added. */
function neighbours(seed: unknown): unknown[] {
  const out: unknown[] = [];
  const visit = (value: unknown, rebuild: (v: unknown) => unknown, depth: number): void => {
    if (depth > 4) return;
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        const at = (v: unknown) => rebuild(value.map((x, j) => (j === i ? v : x)));
        for (const p of POOL) out.push(at(p));
        visit(item, at, depth + 1);
      });
    } else if (typeof value === "object" && value !== null) {
      const obj = value as Record<string, unknown>;
      out.push(rebuild({ ...obj, __toolc_unknown__: 1 }));
      for (const key of Object.keys(obj)) {
        const at = (v: unknown) => rebuild({ ...obj, [key]: v });
        const { [key]: _removed, ...rest } = obj;
        out.push(rebuild(rest));
        for (const p of POOL) out.push(at(p));
        visit(obj[key], at, depth + 1);
      }
    }
  };
  visit(seed, (v) => v, 0);
  return out;
}

export const schema = { cases: 0 };

export async function schemaDifferential(): Promise<void> {
  if (cases.skipSchemaDifferential !== undefined) return;
  // multipleOfPrecision: ajv divides in binary floating point (19.99 is then
  // no multiple of 0.01); JSON Schema means the decimal quotient.
  // ownProperties: without it ajv sees inherited `toString` as present.
  // unicodeRegExp: patterns run with the `u` flag, ajv's default and toolc's
  // dialect.
  const ajv = new Ajv2020({
    strict: false,
    allErrors: false,
    unicodeRegExp: true,
    validateFormats: true,
    multipleOfPrecision: 9,
    ownProperties: true,
  });
  formatsModule.default(ajv);
  for (const def of core.ALL_TOOLS as readonly Def[]) {
    const schemaCheck = ajv.compile(def.inputSchema);
    const seeds: unknown[] = [{}, ...def.examples.map((e) => clone(e.args))];
    // Fill every parameter the examples leave out, so mutations reach it too.
    for (const [name, param] of Object.entries(def.params)) {
      for (const seed of [...seeds]) {
        const s = seed as Record<string, unknown>;
        if (Object.prototype.hasOwnProperty.call(s, name)) continue;
        const sample = param.examples?.[0] ?? param.default;
        if (sample !== undefined) seeds.push({ ...s, [name]: clone(sample) });
      }
    }
    const candidates = [...seeds, ...seeds.flatMap(neighbours)];
    schema.cases += candidates.length;
    const disagreements: string[] = [];
    for (const args of candidates) {
      const bySchema = schemaCheck(clone(args));
      const ours = core.validateArgs(def, clone(args));
      if (bySchema !== ours.ok) {
        disagreements.push(
          `${JSON.stringify(args)}: schema ${bySchema ? "accepts" : `rejects (${ajv.errorsText(schemaCheck.errors)})`}, validator ${ours.ok ? "accepts" : `rejects at ${ours.error.path}: ${ours.error.message}`}`,
        );
      }
    }
    await check(`differential vs JSON Schema: ${def.name}: ${candidates.length} argument objects`, () => {
      assert.equal(disagreements.length, 0, `${disagreements.length} disagreements:\n${disagreements.slice(0, 15).join("\n")}`);
    });
  }
}

/** Validation never throws, whatever it is given: absurd nesting included. */
