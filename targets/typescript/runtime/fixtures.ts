// What the runtime's unit tests build their tools from: a plain tool
// (read-only, low risk, no permissions, no parameters), with changes.

import type { ToolMetadata, ToolSpec } from "./toolc-runtime.js";

/** A plain tool's metadata, with `changes` applied. */
export function metadata(changes: Partial<ToolMetadata> = {}): ToolMetadata {
  return {
    mutates: false,
    risk: "low",
    idempotent: true,
    destructive: false,
    openWorld: false,
    confirm: false,
    permissions: [],
    errors: {},
    meta: {},
    names: {},
    ...changes,
  };
}

/** The spec of a plain tool named `name`, with `changes` applied. */
export function toolSpec(name: string, changes: Partial<ToolSpec<string, unknown>> = {}): ToolSpec<string, unknown> {
  return {
    name,
    description: `The ${name} tool.`,
    tier: "core",
    metadata: metadata(),
    params: {},
    mcp: { name, inputSchema: { type: "object" } },
    outputWrapped: false,
    examples: [],
    ...changes,
  };
}
