/**
 * Toolboxes: the tools one agent can reach, from one or more packages, each
 * with its handlers (or a factory that makes them for each session, on its
 * first call of one of the package's tools). A name met twice is an error
 * when the toolbox is built, unless the later tool comes as an override.
 *
 * @module
 */

import type { Executor, ExecutorOptions, SessionInfo } from "./toolc-runtime.calls.js";
import { executorOver } from "./toolc-runtime.executor.js";
import { hasSecretsIn } from "./toolc-runtime.redact.js";
import type { AnyToolDef, ParamDef, TypeDef, TypeTable } from "./toolc-runtime.types.js";
import { hasOwn } from "./toolc-runtime.values.js";

/** Makes a package's handlers for one session, on the session's first call
 * of one of the package's tools. */
export type HandlerFactory<Handlers = object> = (session: SessionInfo) => Handlers | Promise<Handlers>;

/** A package's tools with their handlers: what `createToolbox` combines
 * (each package module's `package(handlers)` makes one). */
export interface ToolPackage {
  /** The package's name (its `.tool` file's `package`): what the rate-limit
   * keys of a toolbox are namespaced by unless told otherwise. */
  readonly name?: string;
  readonly tools: readonly AnyToolDef[];
  readonly handlers: object | HandlerFactory;
}

/** What the executor knows of a tool before any call. */
export interface ToolEntry {
  readonly def: AnyToolDef;
  /** Index of its package in `Toolbox.packages`. */
  readonly pkg: number;
  /** Whether any argument, at any depth, is `@secret`: most tools have
   * none, and their arguments need no redaction walk. */
  readonly secrets: boolean;
  /** Whether the validated arguments' plain JSON is already canonical (see
   * `isCanonicalOnceValidatedIn`), so the duplicate check needs no sort. */
  readonly canonical: boolean;
}

/** Tools from several packages under one set of names. */
export interface Toolbox {
  /** Every tool, in the order of the packages (an override in the place of the tool it replaces). */
  readonly tools: readonly AnyToolDef[];
  readonly packages: readonly ToolPackage[];
  /** The names of the packages that have one, in order (overrides last). */
  readonly names: readonly string[];
  /** The tool answering to `name`: its wire name, else one of its per-target names (`@name`). */
  lookup(name: string): ToolEntry | undefined;
  /** The entry of a tool of this toolbox. */
  entryOf(def: AnyToolDef): ToolEntry | undefined;
  /** An executor over these tools (see `ExecutorOptions`). */
  createExecutor(options?: ExecutorOptions): Executor;
}

export interface ToolboxOptions {
  /** Packages whose tools replace the same-named ones (or add new ones). */
  readonly overrides?: readonly ToolPackage[];
}

/**
 * The toolbox of `packages`, then `options.overrides`. Throws an `Error`
 * naming the tool when two packages (or two overrides) have a tool of the
 * same name.
 */
export function createToolbox(packages: readonly ToolPackage[], options: ToolboxOptions = {}): Toolbox {
  const all: ToolPackage[] = [...packages, ...(options.overrides ?? [])];
  const order: string[] = [];
  const chosen = new Map<string, { def: AnyToolDef; pkg: number }>();
  const overridden = new Set<string>();
  all.forEach((p, pkg) => {
    const override = pkg >= packages.length;
    for (const def of p.tools) {
      const earlier = chosen.get(def.name);
      if (earlier !== undefined && (!override || overridden.has(def.name) || earlier.pkg >= packages.length)) {
        throw new Error(`two tools are named ${JSON.stringify(def.name)}; add the later one as an override to replace the first`);
      }
      if (earlier === undefined) order.push(def.name);
      else overridden.add(def.name);
      chosen.set(def.name, { def, pkg });
    }
  });
  const byName = new Map<string, ToolEntry>();
  const byDef = new Map<AnyToolDef, ToolEntry>();
  for (const name of order) {
    const c = chosen.get(name);
    if (c === undefined) continue;
    const entry: ToolEntry = {
      def: c.def,
      pkg: c.pkg,
      secrets: hasSecretsIn(c.def.types, c.def.params),
      canonical: isCanonicalOnceValidatedIn(c.def.types, c.def.params, c.def.openParams === true),
    };
    byName.set(name, entry);
    byDef.set(c.def, entry);
  }
  const tools = order.map((name) => byName.get(name)?.def).filter((def): def is AnyToolDef => def !== undefined);
  // Per-target names (`@name`) answer too, where no tool has them as its own.
  const aliases = new Map<string, ToolEntry>();
  for (const def of tools) {
    const entry = byDef.get(def);
    if (entry === undefined) continue;
    for (const alias of Object.values(def.metadata.names)) if (!byName.has(alias) && !aliases.has(alias)) aliases.set(alias, entry);
  }
  const toolbox: Toolbox = {
    tools,
    packages: all,
    names: all.flatMap((p) => (typeof p.name === "string" && p.name !== "" ? [p.name] : [])),
    lookup: (name) => byName.get(name) ?? aliases.get(name),
    entryOf: (def) => byDef.get(def),
    createExecutor: (executorOptions = {}) => executorOver(toolbox, executorOptions),
  };
  return toolbox;
}

/** Whether the plain JSON of what `validateParamsIn` returns for `params`
 * is canonical (equal for exactly the JSON-equal arguments), so that it can
 * key them without sorting: the checker writes the fields of every object
 * in declared order, and only a map (its keys in the order sent) or a
 * `json` value (kept as sent) can hold keys in another, as can the
 * arguments of an `open` tool. */
export function isCanonicalOnceValidatedIn(types: TypeTable, params: Readonly<Record<string, ParamDef>>, open = false): boolean {
  if (open) return false;
  const entered = new Set<string>();
  const inType = (type: TypeDef): boolean => {
    switch (type.kind) {
      case "map":
      case "json":
        return false;
      case "array":
        return inType(type.items);
      case "tuple":
        return type.items.every(inType);
      // An open object keeps its undeclared keys in the order sent.
      case "object":
        return type.open !== true && inFields(type.fields);
      case "tagged":
        return (type.openVariants ?? []).length === 0 && Object.values(type.variants).every(inFields);
      case "union":
        return type.members.every(inType);
      case "ref": {
        if (entered.has(type.name)) return true;
        entered.add(type.name);
        const target = hasOwn(types, type.name) ? types[type.name] : undefined;
        return target === undefined || inType(target);
      }
      default:
        return true;
    }
  };
  const inFields = (fields: Readonly<Record<string, ParamDef>>): boolean => Object.values(fields).every((field) => inType(field.type));
  return inFields(params);
}
