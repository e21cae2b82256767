/**
 * The registry operations every package module offers over its own tools:
 * lookup by wire name, validation, and dispatch to handlers.
 *
 * @module
 */

import type { AnyToolDef, ToolError, ValidationResult } from "./toolc-runtime.types.js";
import { declaredError, toToolError, unknownToolError, type ToolCallError } from "./toolc-runtime.errors.js";
import { hasOwn } from "./toolc-runtime.values.js";

/** One tool's implementation, for a tool whose validated arguments and
 * output are `Types["args"]` and `Types["output"]`. */
export type HandlerOf<Types extends { readonly args: unknown; readonly output: unknown }, Ctx> = (
  args: Types["args"],
  ctx: Ctx,
) => Types["output"] | Promise<Types["output"]>;

export type DispatchResult =
  | { readonly ok: true; readonly tool: AnyToolDef; readonly value: unknown }
  | { readonly ok: false; readonly tool?: AnyToolDef; readonly error: ToolError };

/** `tools` by wire name (built with `Object.fromEntries`, so even a tool
 * named `__proto__` is an own property). */
export function toolsByName(tools: readonly AnyToolDef[]): Readonly<Record<string, AnyToolDef>> {
  return Object.fromEntries(tools.map((tool) => [tool.name, tool]));
}

/** The tool named `name` in `tools`, if there is one. */
export function toolNamed(tools: object, name: string): AnyToolDef | undefined {
  return hasOwn(tools, name) ? (tools as Readonly<Record<string, AnyToolDef>>)[name] : undefined;
}

/**
 * Validates a model's arguments for a tool of `tools` (given by name or
 * definition): unknown fields, types, ranges, lengths (in code points),
 * patterns, formats, enums, item counts; applies defaults and treats `null`
 * for an optional, non-nullable argument as absent.
 */
export function validateToolArgs(tools: object, tool: string | AnyToolDef, args: unknown): ValidationResult<unknown> {
  const def = typeof tool === "string" ? toolNamed(tools, tool) : tool;
  if (def === undefined) {
    return { ok: false, error: unknownToolError(String(tool), Object.keys(tools)) };
  }
  return def.validate(args);
}

/**
 * Validates `args` for the tool of `tools` named `name` and runs its
 * handler. Never throws: an unknown tool, invalid arguments, a missing
 * handler or a handler that throws all come back as a structured error (a
 * `ToolCallError` a handler throws keeps its code; declared codes get their
 * declared hint and retryability).
 */
export async function dispatchIn<Ctx>(tools: object, handlers: object, name: string, args: unknown, ctx: Ctx): Promise<DispatchResult> {
  const tool = toolNamed(tools, name);
  if (tool === undefined) {
    return { ok: false, error: unknownToolError(name, Object.keys(tools)) };
  }
  const checked = tool.validate(args);
  if (!checked.ok) return { ok: false, tool, error: checked.error };
  const handler = hasOwn(handlers, name) ? (handlers as Readonly<Record<string, ((args: unknown, ctx: Ctx) => unknown) | undefined>>)[name] : undefined;
  if (handler === undefined) {
    return { ok: false, tool, error: { code: "not_implemented", message: `tool ${JSON.stringify(name)} has no handler`, retryable: false } };
  }
  try {
    return { ok: true, tool, value: await handler(checked.value, ctx) };
  } catch (e) {
    return { ok: false, tool, error: toToolError(e, tool.metadata.errors) };
  }
}

/** The error a handler throws for one of `tool`'s declared error codes. */
export function toolError(tool: AnyToolDef, code: string, message?: string): ToolCallError {
  return declaredError(tool.metadata.errors, code, message);
}
