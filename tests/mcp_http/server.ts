// An MCP server over Streamable HTTP for the session tests
// (tests/it/mcp_server/sessions.rs): the tool set of a case, its scripted
// handlers and executor options (tests/typescript/scripted.ts), served by
// the generated `serveHttp` (a server and session per client) at
// http://127.0.0.1:PORT/mcp. The TypeScript twin of server.rs.
//
// Usage: node server.js CASE.json. The case's options may add `principals`
// (bearer token -> principal) and `approveCriticalOnly`. Prints the URL it
// serves at as its first line, then serves until killed.

import { readFileSync } from "node:fs";

import * as pkg from "./pkg.js";
import { serveHttp } from "./pkg.mcp.js";
import { executorOptions, nth, outcome, type Options, type Step } from "./scripted.js";

/** A handler step: the scripted outcome, after a pause and progress reports. */
type Scripted = Step & { readonly sleepMs?: number; readonly advanceMs?: number; readonly progress?: Array<{ message: string; progress?: number; total?: number }> };

interface Case {
  readonly handlers?: { readonly [tool: string]: Scripted[] };
  readonly options?: Options & { readonly principals?: { readonly [token: string]: string }; readonly approveCriticalOnly?: boolean };
}

const spec = JSON.parse(readFileSync(process.argv[2] ?? "", "utf8")) as Case;
const given = spec.options ?? {};

function scripted(tool: string, steps: Scripted[]): (args: unknown, ctx: pkg.HandlerContext) => Promise<unknown> {
  let runs = 0;
  return async (_args, ctx) => {
    const step = nth(steps, runs++) ?? {};
    if (step.sleepMs !== undefined) await new Promise((resolve) => setTimeout(resolve, step.sleepMs));
    if (step.advanceMs !== undefined) clock += step.advanceMs;
    for (const { message, ...rest } of step.progress ?? []) ctx.progress(message, rest);
    return outcome(tool, step);
  };
}

/** The executor's clock, which a handler step may move on (as the Rust server's). */
let clock = 0;

const handlers = Object.fromEntries(Object.entries(spec.handlers ?? {}).map(([tool, steps]) => [tool, scripted(tool, steps)]));
const executor = pkg.createExecutor(handlers as pkg.ExecutorHandlers, { ...executorOptions(given), now: () => clock });
const principals = given.principals ?? {};
const server = await serveHttp(executor, { name: "toolc-test-server", version: "0.0.0" }, {
  approveCriticalOnly: given.approveCriticalOnly === true,
  authenticate: (request) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    const principal = token === undefined || !Object.hasOwn(principals, token) ? undefined : principals[token];
    return principal === undefined || token === undefined ? undefined : { token, clientId: principal, scopes: [] };
  },
});
console.log(server.url);
