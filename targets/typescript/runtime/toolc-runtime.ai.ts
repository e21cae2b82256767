/**
 * The Vercel AI SDK adapter's shared part: AI SDK tools from tool
 * definitions, validated before their handlers run. Only a package's
 * `.ai.ts` module imports this (and so the `ai` package).
 *
 * @module
 */

import { jsonSchema, tool, type JSONSchema7, type Tool, type ToolExecutionOptions } from "ai";

import type { DispatchResult } from "./toolc-runtime.dispatch.js";
import { ToolCallError } from "./toolc-runtime.errors.js";
import type { AnyToolDef } from "./toolc-runtime.types.js";

/** A package module's `dispatch`, with the AI SDK's execution options as context. */
export type AiDispatch<Handlers> = (handlers: Handlers, name: string, args: unknown, ctx: ToolExecutionOptions) => Promise<DispatchResult>;

/** The AI SDK tool of each of `defs`, by wire name, running `handlers` through `dispatch`. */
export function aiToolsOf<Handlers>(defs: readonly AnyToolDef[], handlers: Handlers, dispatch: AiDispatch<Handlers>): Record<string, Tool<unknown, unknown>> {
  const out: Array<[string, Tool<unknown, unknown>]> = [];
  for (const def of defs) {
    const inputSchema = jsonSchema<unknown>(def.inputSchema as JSONSchema7, {
      validate: (value: unknown) => {
        const checked = def.validate(value);
        return checked.ok ? { success: true, value: checked.value } : { success: false, error: new ToolCallError(checked.error) };
      },
    });
    const built = tool<unknown, unknown>({
      description: def.description,
      ...(def.title === undefined ? {} : { title: def.title }),
      inputSchema,
      ...(def.examples.length === 0 ? {} : { inputExamples: def.examples.map((e) => ({ input: e.args as unknown })) }),
      ...(def.metadata.confirm ? { needsApproval: true } : {}),
      execute: async (input: unknown, options: ToolExecutionOptions): Promise<unknown> => {
        const result = await dispatch(handlers, def.name, input, options);
        if (!result.ok) throw new ToolCallError(result.error);
        return result.value;
      },
    });
    out.push([def.name, built]);
  }
  // Object.fromEntries: even a tool named `__proto__` becomes an own property.
  return Object.fromEntries(out);
}
