import assert from "node:assert/strict";
import { test } from "node:test";

import { flagsOf, kebab, readWord } from "./toolc-runtime.cli-flags.js";
import { firstSentence } from "./toolc-runtime.cli-help.js";
import { runCliOver, type CliIo } from "./toolc-runtime.cli.js";
import { createExecutorIn, defineToolIn, type ExecutorOptions, type ToolSpec } from "./toolc-runtime.js";
import { metadata } from "./fixtures.js";

const METADATA = metadata({ errors: { busy: { message: "The service is busy.", hint: "Wait a second.", retryable: true } } });

const SPEC: ToolSpec<string, unknown> = {
  name: "find",
  description: "Find things.\nA second line the tool list leaves out.",
  tier: "core",
  metadata: METADATA,
  params: {
    offset: { type: { kind: "integer" }, required: false, default: 0, description: "Where to start." },
    deep: { type: { kind: "boolean" }, required: false, default: false },
    sizes: { type: { kind: "enum", values: [1, 2, 4] }, required: false },
    ids: { type: { kind: "array", items: { kind: "integer" } }, required: false },
    filter: { type: { kind: "map", values: { kind: "string" } }, required: false },
    json: { type: { kind: "string" }, required: false },
    no_deep: { type: { kind: "boolean" }, required: false },
  },
  output: { kind: "object", fields: { found: { type: { kind: "array", items: { kind: "integer" } }, required: true } } },
  mcp: { name: "find", inputSchema: { type: "object" } },
  outputWrapped: false,
  examples: [{ title: "Find the first", args: { offset: 0, note: "it's" } }],
};

const FIND = defineToolIn({}, SPEC);

interface Run {
  readonly exit: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly args: unknown[];
}

async function run(argv: string[], io: Partial<CliIo> = {}, options: ExecutorOptions = {}): Promise<Run> {
  let stdout = "";
  let stderr = "";
  const args: unknown[] = [];
  const executor = createExecutorIn([FIND], { find: (a: unknown) => (args.push(a), { found: [1, 2] }) }, options);
  const exit = await runCliOver([FIND], executor, argv, {
    program: "things",
    readStdin: () => Promise.reject(new Error("stdin is not read")),
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    isTerminal: false,
    ...io,
  });
  return { exit, stdout, stderr, args };
}

test("flag names are the wire names in kebab-case", () => {
  assert.equal(kebab("min_score"), "min-score");
  assert.equal(kebab("minScore"), "min-score");
  assert.equal(kebab("id"), "id");
});

test("a parameter whose flag the adapter or another parameter takes gets none", () => {
  assert.deepEqual(
    flagsOf(FIND).map((f) => f.name),
    ["offset", "deep", "sizes", "ids", "filter"],
  );
});

test("words become JSON of the flag's type, and only numbers pass as numbers", () => {
  assert.deepEqual(readWord({ kind: "number" }, "-1.5e3"), { ok: true, value: -1500 });
  for (const word of ["1e999", "+1", " 1", "0x10", "", "one"]) assert.equal(readWord({ kind: "number" }, word).ok, false, word);
  assert.deepEqual(readWord({ kind: "integer" }, "-9007199254740991"), { ok: true, value: -9007199254740991 });
  assert.deepEqual(readWord({ kind: "integer" }, "1.5"), { ok: true, value: 1.5 });
  for (const word of ["9007199254740992", "9007199254740993", "-9007199254740993", "1e20"]) assert.equal(readWord({ kind: "integer" }, word).ok, false, word);
  assert.deepEqual(readWord({ kind: "number" }, "1e20"), { ok: true, value: 1e20 });
  assert.deepEqual(readWord({ kind: "string" }, "42"), { ok: true, value: "42" });
  assert.deepEqual(readWord({ kind: "enum", values: ["a", 2] }, "2"), { ok: true, value: 2 });
  assert.deepEqual(readWord({ kind: "enum", values: ["a", 2] }, "zzz"), { ok: true, value: "zzz" });
  assert.equal(readWord({ kind: "enum", values: [1, 2] }, "x").ok, false);
  assert.equal(readWord({ kind: "json" }, "{").ok, false);
  assert.deepEqual(readWord({ kind: "json" }, '{"__proto__": 1}'), { ok: true, value: JSON.parse('{"__proto__": 1}') });
});

test("flags of every kind reach the handler as JSON", async () => {
  const r = await run(["find", "--offset", "-5", "--deep", "--sizes=4", "--ids", "1", "--ids", "-2", "--filter", '{"kind": "a"}']);
  assert.equal(r.exit, 0, r.stderr);
  assert.deepEqual(r.args, [{ offset: -5, deep: true, sizes: 4, ids: [1, -2], filter: { kind: "a" } }]);
  assert.equal(r.stdout, '{"found":[1,2]}\n');
});

test("`--deep` beside `--no-deep` is a usage error naming both", async () => {
  const r = await run(["find", "--deep", "--no-deep"]);
  assert.equal(r.exit, 2);
  assert.match(r.stderr, /`--no-deep` cannot be used with `--deep`/);
  assert.deepEqual(r.args, []);
});

test("on a terminal the output is pretty-printed", async () => {
  const r = await run(["find"], { isTerminal: true });
  assert.equal(r.stdout, '{\n  "found": [\n    1,\n    2\n  ]\n}\n');
});

test("usage errors exit 2 and run nothing", async () => {
  const cases = [
    ["find", "--offset"],
    ["find", "--deep=yes"],
    ["find", "extra"],
    ["find", "--json", "{}", "--json", "{}"],
    ["find", "--json", "null"],
    ["find", "--json", "{"],
    ["--offset", "1"],
    ["find", "--filter", "{"],
  ];
  for (const argv of cases) {
    const r = await run(argv);
    assert.equal(r.exit, 2, argv.join(" "));
    assert.match(r.stderr, /^error: /, argv.join(" "));
    assert.deepEqual(r.args, [], argv.join(" "));
  }
});

test("a flag that is not an array's, or `--json`, given twice is a usage error naming it", async () => {
  for (const [argv, flag] of [
    [["find", "--offset", "1", "--offset", "2"], "--offset"],
    [["find", "--deep", "--deep"], "--deep"],
    [["find", "--json", "{}", "--json", "{}"], "--json"],
  ] as const) {
    const r = await run([...argv]);
    assert.equal(r.exit, 2, r.stderr);
    assert.ok(r.stderr.includes(`\`${flag}\` cannot be used multiple times`), r.stderr);
    assert.deepEqual(r.args, []);
  }
});

test("help lists only the tools the executor offers; another is still called through it", async () => {
  const guarded = defineToolIn({}, { ...SPEC, name: "guarded", metadata: metadata({ permissions: ["things:read"] }) });
  const ran: unknown[] = [];
  const executor = createExecutorIn([FIND, guarded], { find: () => ({ found: [] }), guarded: (a: unknown) => (ran.push(a), { found: [] }) }, {});
  let stdout = "";
  let stderr = "";
  const io = { program: "things", stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t), isTerminal: false };
  assert.equal(await runCliOver([FIND, guarded], executor, ["--help"], io), 0);
  assert.match(stdout, /\bfind\b/);
  assert.doesNotMatch(stdout, /guarded/);
  assert.equal(await runCliOver([FIND, guarded], executor, ["guarded"], io), 1);
  assert.match(stderr, /permission_denied/);
  assert.deepEqual(ran, []);
});

test("`--json -` reads standard input; `--json` beside a flag is a usage error", async () => {
  const piped = await run(["find", "--json", "-"], { readStdin: () => Promise.resolve('{"offset": 3}') });
  assert.equal(piped.exit, 0, piped.stderr);
  assert.deepEqual(piped.args, [{ offset: 3, deep: false }]);
  const both = await run(["find", "--json", "{}", "--deep"]);
  assert.equal(both.exit, 2);
});

test("a tool error is its JSON on stderr, exit 1; a warning goes to stderr beside the output", async () => {
  const refused = await run(["find", "--offset", "1.5"]);
  assert.equal(refused.exit, 1);
  assert.equal(JSON.parse(refused.stderr).code, "invalid_argument");
  assert.equal(refused.stderr.trimEnd().includes("\n"), false);
  const warned = await run(["find"], {}, { stepBudget: { max: 3, warnAt: 2 } });
  assert.equal(warned.exit, 0);
  assert.equal(warned.stderr, "warning: 2 of 3 tool calls remain in the step budget; finish with as few calls as you can.\n");
});

test("help lists the tools by first line, and a tool's flags, errors and examples", async () => {
  const top = await run(["--help"]);
  assert.equal(top.exit, 0);
  assert.match(top.stdout, /^ {2}find {2}Find things\.$/m);
  assert.doesNotMatch(top.stdout, /second line/);
  const none = await run([]);
  assert.equal(none.exit, 2);
  assert.match(none.stderr, /find {2}Find things\./);
  const tool = await run(["find", "--offset", "x", "-h"]);
  assert.equal(tool.exit, 0);
  for (const text of ["--offset <integer>", "Where to start.", "[default: 0]", "--deep, --no-deep", "[possible values: 1, 2, 4]", "--ids <integer>...", "--filter <json>", "--json <JSON|->", "busy (retryable)", "The service is busy. Wait a second.", "Find the first", `things find --json '{"offset":0,"note":"it'\\''s"}'`]) {
    assert.ok(tool.stdout.includes(text), `${text} in\n${tool.stdout}`);
  }
  assert.deepEqual(tool.args, []);
});

test("the tool list shows each description's first sentence", () => {
  assert.equal(firstSentence("Write a note's text. A person approves each call. Fails\nwith `conflict`."), "Write a note's text.");
  assert.equal(
    firstSentence("Search the notes for a text, and return\nthe best matches first.\n\nMore."),
    "Search the notes for a text, and return the best matches first.",
  );
  assert.equal(firstSentence("No period"), "No period");
  assert.equal(firstSentence(""), "");
});
