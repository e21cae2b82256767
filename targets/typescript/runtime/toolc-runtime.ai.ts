/**
 * The Vercel AI SDK adapter's shared part: AI SDK tools over an executor,
 * so that every call the model makes goes through its pipeline. Only a
 * package's `.ai.ts` module imports this (and so the `ai` package).
 *
 * @module
 */

import { jsonSchema, parsePartialJson, tool, type JSONSchema7, type JSONValue, type Tool, type ToolExecutionOptions } from "ai";

import type { CallerContext, Executor } from "./toolc-runtime.calls.js";
import { ToolCallError } from "./toolc-runtime.errors.js";

export interface AiToolsOptions {
  /** Passed with every call (a `principal` for the audit, say); the adapter
   * adds the SDK's tool call id as `callId` and its abort signal. */
  readonly context?: CallerContext;
  /** Marks the `@confirm` tools `needsApproval`, for apps that ask through
   * the SDK's approval flow. The executor's `approve` still decides (give it
   * `() => true` when the SDK's flow is the human's say); without this
   * option it alone asks, so nobody is asked twice. */
  readonly needsApproval?: boolean;
}

/** The shape the AI SDK sends a tool's output in when no `toModelOutput` is given. */
function modelOutput(output: unknown): { type: "text"; value: string } | { type: "json"; value: JSONValue } {
  return typeof output === "string" ? { type: "text", value: output } : { type: "json", value: (output ?? null) as JSONValue };
}

/**
 * The AI SDK tool of each tool `executor` offers now (`executor.tools()`),
 * by wire name. Arguments are validated by the executor, not by the SDK,
 * so that a call with bad arguments is logged and answered like any other;
 * a failed call throws a `ToolCallError`, whose message (hint included) the
 * SDK shows the model. Streamed arguments become `partial` events, and a
 * step-budget warning reaches the model beside the output.
 */
export function aiToolsOf(executor: Executor, options: AiToolsOptions = {}): Record<string, Tool<unknown, unknown>> {
  // Warnings by tool call id, for `toModelOutput`; only calls under a step
  // budget have one, so this stays as small as the budget.
  const warnings = new Map<string, string>();
  const streamed = new Map<string, string>();
  const out: Array<[string, Tool<unknown, unknown>]> = [];
  for (const def of executor.tools()) {
    const built = tool<unknown, unknown>({
      description: def.description,
      ...(def.title === undefined ? {} : { title: def.title }),
      inputSchema: jsonSchema<unknown>(def.inputSchema as JSONSchema7),
      ...(def.examples.length === 0 ? {} : { inputExamples: def.examples.map((e) => ({ input: e.args as unknown })) }),
      ...(def.metadata.confirm && options.needsApproval === true ? { needsApproval: true } : {}),
      onInputStart: ({ toolCallId }: ToolExecutionOptions) => {
        streamed.set(toolCallId, "");
      },
      onInputDelta: async ({ toolCallId, inputTextDelta }: { inputTextDelta: string } & ToolExecutionOptions) => {
        const text = (streamed.get(toolCallId) ?? "") + inputTextDelta;
        streamed.set(toolCallId, text);
        const parsed = await parsePartialJson(text);
        if (parsed.value !== undefined) executor.partial(toolCallId, def.name, parsed.value);
      },
      execute: async (input: unknown, call: ToolExecutionOptions): Promise<unknown> => {
        streamed.delete(call.toolCallId);
        const context = { ...options.context, callId: call.toolCallId, ...(call.abortSignal === undefined ? {} : { signal: call.abortSignal }) };
        const result = await executor.call(def.name, input, context);
        if (result.warning !== undefined) warnings.set(call.toolCallId, result.warning);
        if (result.error !== undefined) {
          const hint = result.warning === undefined ? result.error.hint : [result.error.hint, result.warning].filter((h) => h !== undefined).join(" ");
          throw new ToolCallError({ ...result.error, ...(hint === undefined ? {} : { hint }) });
        }
        return result.value;
      },
      toModelOutput: ({ toolCallId, output }: { toolCallId: string; output: unknown }) => {
        const warning = warnings.get(toolCallId);
        return warning === undefined ? modelOutput(output) : { type: "json", value: { result: (output ?? null) as JSONValue, warning } };
      },
    });
    out.push([def.name, built]);
  }
  // Object.fromEntries: even a tool named `__proto__` becomes an own property.
  return Object.fromEntries(out);
}
