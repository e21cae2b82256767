/**
 * Structured errors: the error a handler throws, and the errors of an
 * unknown tool, of a declared code and of anything else a handler threw.
 *
 * @module
 */

import type { ErrorDef, ToolError } from "./toolc-runtime.types.js";
import { hasOwn } from "./toolc-runtime.values.js";

/** An error a handler throws to report a structured failure (a declared code, usually). */
export class ToolCallError extends Error {
  readonly error: ToolError;
  constructor(error: ToolError) {
    // The message is all some callers pass on (the AI SDK sends it to the
    // model as the tool's error text), so it carries the hint too.
    const at = error.path !== undefined ? ` (at ${error.path === "" ? "/" : error.path})` : "";
    const hint = error.hint !== undefined ? ` Hint: ${error.hint}` : "";
    super(`${error.code}: ${error.message}${at}${hint}`);
    this.name = "ToolCallError";
    this.error = error;
  }
}

/** The structured error for an unknown tool name. */
export function unknownToolError(name: string, known: readonly string[]): ToolError {
  return {
    code: "unknown_tool",
    message: `no tool is named ${JSON.stringify(name)}`,
    hint: `Known tools: ${known.join(", ")}`,
    retryable: false,
  };
}

/** The error a handler stub (`toolc stubs`) throws until it is written:
 * `not_implemented`, passed through by the executor like any `ToolCallError`. */
export function notImplementedError(name: string): ToolCallError {
  return new ToolCallError({ code: "not_implemented", message: `tool ${JSON.stringify(name)} is not implemented yet`, retryable: false });
}

/** Turns whatever a handler threw into a structured error. */
export function toToolError(thrown: unknown, declared: Readonly<Record<string, ErrorDef>>): ToolError {
  if (thrown instanceof ToolCallError) {
    const given = thrown.error.suggestions;
    // Only strings pass: a handler's list goes to the model as it is.
    const base: ToolError =
      given === undefined || (Array.isArray(given) && given.every((s) => typeof s === "string"))
        ? thrown.error
        : { ...thrown.error, suggestions: Array.isArray(given) ? given.filter((s): s is string => typeof s === "string") : [] };
    const decl = hasOwn(declared, base.code) ? declared[base.code] : undefined;
    return decl === undefined ? base : withDeclared(base, decl);
  }
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return { code: "internal", message, retryable: false };
}

/** The error a handler throws for a declared code, with its declared message, hint, suggestions and retryability. */
export function declaredError(declared: Readonly<Record<string, ErrorDef>>, code: string, message?: string): ToolCallError {
  const decl = hasOwn(declared, code) ? declared[code] : undefined;
  const error: ToolError = { code, message: message ?? decl?.message ?? code, retryable: false };
  return new ToolCallError(decl === undefined ? error : withDeclared(error, decl));
}

/** An error of a declared code with what the tool declares for it: the hint
 * and the suggestions when the error has none (a handler's own win), and its
 * retryability. The Rust executor's `gates::declared` follows the same rule. */
function withDeclared(error: ToolError, decl: ErrorDef): ToolError {
  const { retryable, ...rest } = error;
  const hint = error.hint ?? decl.hint;
  const suggestions = error.suggestions !== undefined && error.suggestions.length > 0 ? error.suggestions : decl.suggestions;
  return {
    ...rest,
    ...(hint === undefined ? {} : { hint }),
    ...(suggestions === undefined || suggestions.length === 0 ? {} : { suggestions }),
    retryable: retryable || decl.retryable,
  };
}
