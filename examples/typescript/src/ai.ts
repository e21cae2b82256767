// The Vercel AI SDK side: the generated tools go straight into generateText.
// Type-checked by the tests; running it needs a model provider.

import { generateText, stepCountIs, type LanguageModel } from "ai";

import { aiCoreTools, aiTools } from "../generated/filesystem.ai.js";
import { handlers } from "./handlers.js";
import { Workspace } from "./workspace.js";

/** Lets a model tidy a workspace. Tools marked `@confirm` need approval. */
export async function tidy(model: LanguageModel, root: string, prompt: string): Promise<string> {
  const result = await generateText({
    model,
    tools: aiTools(handlers(new Workspace(root))),
    stopWhen: stepCountIs(10),
    prompt,
  });
  for (const call of result.toolCalls) {
    // Calls are typed per tool: here `call.input` is ReadFileInput.
    if (call.toolName === "read_file" && !call.dynamic) console.error(`read ${call.input.path}`);
  }
  return result.text;
}

/** Only the core tier, for a smaller prompt. */
export function coreTools(root: string) {
  return aiCoreTools(handlers(new Workspace(root)));
}
