// The Vercel AI SDK side: the executor's tools go straight into generateText.
// Type-checked by the tests; running it needs a model provider.

import { generateText, stepCountIs, type LanguageModel } from "ai";

import { aiTools } from "../generated/filesystem.ai.js";
import { workspaceExecutor } from "./agent.js";

/** Lets a model tidy a workspace; `approve` decides on each write or move. */
export async function tidy(model: LanguageModel, root: string, prompt: string, approve: (what: string) => Promise<boolean>): Promise<string> {
  const executor = workspaceExecutor(root, { approve: (request) => approve(`${request.tool} ${JSON.stringify(request.args)}`) });
  const result = await generateText({
    model,
    tools: aiTools(executor),
    stopWhen: stepCountIs(10),
    prompt,
  });
  for (const call of result.toolCalls) {
    // Calls are typed per tool: here `call.input` is ReadFileInput.
    if (call.toolName === "read_file" && !call.dynamic) console.error(`read ${call.input.path}`);
  }
  // What the session did: calls, failures by code, result sizes.
  console.error(JSON.stringify(executor.summary()));
  return result.text;
}

/** Only the core tier, for a smaller prompt. */
export function coreTools(root: string) {
  return aiTools(workspaceExecutor(root, { tiers: ["core"] }));
}
