// The Vercel AI SDK side: the generated tools go straight into generateText.
// Type-checked only; running it needs a model provider.

import { generateText, stepCountIs, type LanguageModel } from "ai";

import { aiCoreTools, aiTools } from "../generated/design.ai.js";
import { Document } from "./document.js";
import { handlers } from "./handlers.js";

export async function edit(model: LanguageModel, prompt: string): Promise<string> {
  const doc = new Document();
  doc.addText("Title");
  const result = await generateText({
    model,
    tools: aiTools(handlers(doc)),
    stopWhen: stepCountIs(5),
    prompt,
  });
  for (const call of result.toolCalls) {
    // Tool calls are typed per tool: `call.input` is SetFontInput here.
    if (call.toolName === "set_font" && !call.dynamic) console.error(`set_font on ${call.input.id}`);
  }
  return result.text;
}

/** Only the core tier, for a smaller prompt. */
export function coreTools(doc: Document) {
  return aiCoreTools(handlers(doc));
}
