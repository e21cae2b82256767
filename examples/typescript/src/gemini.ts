// The Gemini side (`@google/genai`): the executor's declarations go into
// the request, and every function call the model makes runs through the
// executor. Type-checked by the tests; running it needs a Gemini API key.

import { GoogleGenAI, type Content } from "@google/genai";

import { geminiTool, respondToGemini } from "../generated/filesystem.gemini.js";
import { workspaceExecutor } from "./agent.js";

/** Lets a model answer `prompt` about the workspace at `root`, calling
 * tools for up to `turns` turns (the executor's step budget caps the calls
 * themselves); `approve` decides on each write or move. */
export async function ask(ai: GoogleGenAI, model: string, root: string, prompt: string, approve: (what: string) => Promise<boolean>, turns = 10): Promise<string> {
  const executor = workspaceExecutor(root, { approve: (request) => approve(`${request.tool} ${JSON.stringify(request.args)}`) });
  const contents: Content[] = [{ role: "user", parts: [{ text: prompt }] }];
  for (let turn = 0; turn < turns; turn++) {
    // Declared anew each turn: only what the executor offers now.
    const response = await ai.models.generateContent({ model, contents, config: { tools: [geminiTool(executor)] } });
    const calls = response.functionCalls ?? [];
    const said = response.candidates?.[0]?.content;
    if (calls.length === 0 || said === undefined) return response.text ?? "";
    contents.push(said);
    // Refusals, failures and the budget's warning reach the model as the
    // `error` and `warning` of each function response.
    contents.push({ role: "user", parts: await respondToGemini(executor, calls) });
  }
  return "";
}

/** A client from the environment's `GEMINI_API_KEY`. */
export function client(): GoogleGenAI {
  return new GoogleGenAI({ apiKey: process.env["GEMINI_API_KEY"] ?? "" });
}
