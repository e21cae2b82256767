/**
 * What every package module exports about its tools, bound once to that
 * module's `ALL_TOOLS`: `export const { TOOLS, getTool, ... } =
 * bindTools<ToolTypes>(ALL_TOOLS)`. The functions are the same in every
 * package; only their types, from the module's `ToolTypes`, differ.
 *
 * @module
 */

import type { DispatchResult, HandlerOf } from "./toolc-runtime.dispatch.js";
import { dispatchIn, toolNamed, toolsByName, validateToolArgs } from "./toolc-runtime.dispatch.js";
import type { Executor, ExecutorOptions, HandlerContext } from "./toolc-runtime.calls.js";
import { createToolbox, type HandlerFactory, type ToolPackage } from "./toolc-runtime.toolbox.js";
import type { AnyToolDef, ToolDef, ValidationResult } from "./toolc-runtime.types.js";

/** What a package's `ToolTypes` holds for each tool. */
export interface ToolShape {
  readonly input: unknown;
  readonly args: unknown;
  readonly output: unknown;
}

/** A package's tools as `ToolTypes` describes them, by wire name. */
export type ToolTypeMap<Types> = { readonly [N in keyof Types]: ToolShape };

/** Handlers for any of a package's tools, each taking a `Ctx`. */
export type SomeHandlers<Types, Ctx> = { readonly [N in keyof Types]?: HandlerOf<Types[N] & ToolShape, Ctx> };

/** The exports a package module binds to its tools. */
export interface PackageTools<Types extends ToolTypeMap<Types>> {
  /** Every tool by wire name (an own property even for a tool named `__proto__`). */
  readonly TOOLS: { readonly [N in keyof Types & string]: ToolDef<N, Types[N]["input"], Types[N]["args"]> };
  /** The tool named `name`, if there is one. */
  getTool(name: string): AnyToolDef | undefined;
  /** Validates a model's arguments for a tool (see `validateToolArgs`); applies defaults. */
  validateArgs<N extends keyof Types & string>(tool: N | ToolDef<N, Types[N]["input"], Types[N]["args"]>, args: unknown): ValidationResult<Types[N]["args"]>;
  validateArgs(tool: string | AnyToolDef, args: unknown): ValidationResult<unknown>;
  /** Validates `args` for tool `name` and runs its handler; never throws (see `dispatchIn`). */
  dispatch<Ctx>(handlers: SomeHandlers<Types, Ctx>, name: string, args: unknown, ctx: Ctx): Promise<DispatchResult>;
  /**
   * The executor of this package's tools: every call goes through its
   * pipeline (filters, validation, permissions, risk, confirmation, rate
   * limits, the step budget, timeouts, the output check) and is logged,
   * audited and reported as events. A tool without a handler fails with
   * `not_implemented`.
   */
  createExecutor(handlers: SomeHandlers<Types, HandlerContext>, options?: ExecutorOptions): Executor;
  /**
   * This package's tools with their handlers, for `createToolbox`: the
   * handlers themselves, or a factory that makes them for each session on
   * its first call of one of these tools (given the session's id,
   * principal and context).
   */
  package(handlers: SomeHandlers<Types, HandlerContext> | HandlerFactory<SomeHandlers<Types, HandlerContext>>): ToolPackage;
}

/** The exports of the package module named `name` whose tools are `all` (its `ALL_TOOLS`). */
export function bindTools<Types extends ToolTypeMap<Types>>(all: readonly AnyToolDef[], name?: string): PackageTools<Types> {
  // Each tool's name is its key and its validator returns its `Args`, so
  // the table and the validation have the types `Types` gives them.
  const tools = toolsByName(all) as PackageTools<Types>["TOOLS"];
  const validateArgs = (tool: string | AnyToolDef, args: unknown): ValidationResult<unknown> => validateToolArgs(tools, tool, args);
  return {
    TOOLS: tools,
    getTool: (name) => toolNamed(tools, name),
    validateArgs: validateArgs as PackageTools<Types>["validateArgs"],
    dispatch: (handlers, name, args, ctx) => dispatchIn(tools, handlers, name, args, ctx),
    createExecutor: (handlers, options) => createToolbox([named({ tools: all, handlers }, name)]).createExecutor(options),
    package: (handlers) => named({ tools: all, handlers }, name),
  };
}

function named(pkg: ToolPackage, name: string | undefined): ToolPackage {
  return name === undefined ? pkg : { name, ...pkg };
}
