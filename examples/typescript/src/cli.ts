// The workspace's tools from a shell, through the same executor as the AI SDK
// tools and the MCP server (grants, risk ceiling, step budget):
//   WORKSPACE=/some/dir node dist/src/cli.js read_file --path notes/todo.md
//   node dist/src/cli.js --help
// The workspace is $WORKSPACE, else the current directory. A tool marked
// `@confirm` (writes, moves) asks on the terminal; with no terminal to ask
// on it is refused, as the executor refuses without an approval callback.

import { createInterface } from "node:readline/promises";

import type { CallRequest } from "../generated/filesystem.js";
import { runCli } from "../generated/filesystem.cli.js";
import { workspaceExecutor } from "./agent.js";

async function askOnTerminal(request: CallRequest): Promise<boolean> {
  if (process.stdin.isTTY !== true) return false;
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await prompt.question(`Run ${request.tool} ${JSON.stringify(request.args)}? [y/N] `);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    prompt.close();
  }
}

const root = process.env["WORKSPACE"] ?? process.cwd();
const executor = workspaceExecutor(root, { approve: askOnTerminal });
process.exitCode = await runCli(executor, process.argv.slice(2), { program: "filesystem" });
