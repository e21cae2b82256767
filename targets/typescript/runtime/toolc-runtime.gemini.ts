/**
 * The Gemini adapter's shared part: the function declarations of the tools
 * an executor offers, and the executor's answers to a model's function
 * calls as `functionResponse` parts, so that every call Gemini asks for goes
 * through the executor's pipeline. It imports no SDK: the shapes are the
 * Gemini API's, which `@google/genai`'s `FunctionCall` and `Part` types
 * accept as they are. Only a package's `.gemini.ts` module imports this.
 *
 * @module
 */

import type { CallerContext, Executor, ResultError, ToolResult } from "./toolc-runtime.calls.js";
import type { JsonObject } from "./toolc-runtime.types.js";
import { hasOwn } from "./toolc-runtime.values.js";

/** One tool as the `gemini` target writes it. */
export interface GeminiFunctionDeclaration {
  readonly name: string;
  readonly description?: string;
  /** Gemini's OpenAPI-subset `Schema`. */
  readonly parameters?: JsonObject;
  /** The JSON Schema, for a tool `parameters` cannot express (W0026). */
  readonly parametersJsonSchema?: JsonObject;
}

/** A Gemini `Tool`, for a request's `tools`. */
export interface GeminiTool {
  readonly functionDeclarations: GeminiFunctionDeclaration[];
}

/** A function call the model made (a response part's `functionCall`). */
export interface GeminiFunctionCall {
  readonly id?: string | undefined;
  readonly name?: string | undefined;
  readonly args?: Readonly<Record<string, unknown>> | undefined;
}

/** What the model reads of a call: the output or the structured error (the
 * keys Gemini documents), and the step-budget warning when there is one. */
export interface GeminiResponse {
  readonly output?: unknown;
  readonly error?: ResultError;
  readonly warning?: string;
  readonly [key: string]: unknown;
}

/** The part that answers one function call, for the next turn's `contents`. */
export interface GeminiFunctionResponsePart {
  readonly functionResponse: {
    readonly id?: string;
    readonly name: string;
    readonly response: GeminiResponse;
  };
}

export interface GeminiOptions {
  /** Passed with every call (a `principal` for the audit, an abort
   * `signal`); the adapter adds the function call's `id` as `callId`. */
  readonly context?: CallerContext;
}

/**
 * The declarations (from `declarations`, by tool name) of the tools
 * `executor` offers now (`executor.tools()`), in its order.
 */
export function geminiToolOf(executor: Executor, declarations: Readonly<Record<string, GeminiFunctionDeclaration>>): GeminiTool {
  const functionDeclarations: GeminiFunctionDeclaration[] = [];
  for (const def of executor.tools()) {
    const declaration = hasOwn(declarations, def.name) ? declarations[def.name] : undefined;
    if (declaration !== undefined) functionDeclarations.push(declaration);
  }
  return { functionDeclarations };
}

/**
 * Runs each of `calls` through `executor`, one after the other in the
 * model's order (a later call may depend on what an earlier one changed),
 * and answers each with its `functionResponse` part. Never rejects: a
 * refused or failed call is answered with its error.
 */
export async function geminiResponsesOf(
  executor: Executor,
  calls: readonly GeminiFunctionCall[],
  options: GeminiOptions = {},
): Promise<GeminiFunctionResponsePart[]> {
  const parts: GeminiFunctionResponsePart[] = [];
  for (const call of calls) {
    const name = call.name ?? "";
    const context = call.id === undefined ? { ...options.context } : { ...options.context, callId: call.id };
    const result = await executor.call(name, call.args ?? {}, context);
    const functionResponse = { name, response: geminiResponse(result) };
    parts.push({ functionResponse: call.id === undefined ? functionResponse : { id: call.id, ...functionResponse } });
  }
  return parts;
}

/** `result` as the model reads it: `{output}` or `{error}`, and `warning`. */
export function geminiResponse(result: ToolResult): GeminiResponse {
  const response: GeminiResponse = result.error === undefined ? { output: result.value ?? null } : { error: result.error };
  return result.warning === undefined ? response : { ...response, warning: result.warning };
}
