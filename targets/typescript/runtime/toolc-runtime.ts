/**
 * The toolc TypeScript runtime: what every generated package module shares.
 * A package module holds its types, its `defineTool` definitions, its type
 * table and registries, and imports the rest from here. This module and its
 * parts (`toolc-runtime.*.ts`) import no package module; only the adapter
 * parts `toolc-runtime.ai.ts` and `toolc-runtime.mcp.ts`, the Redis
 * rate-limit store `toolc-runtime.redis.ts` and the OpenTelemetry glue
 * `toolc-runtime.otel.ts`, which this module does not import, import
 * their package.
 *
 * @module
 */

import type { ToolDef, ToolSpec, TypeTable, ValidationResult } from "./toolc-runtime.types.js";
import { validateParamsIn } from "./toolc-runtime.validate.js";

export type {
  AnyToolDef,
  ErrorDef,
  JsonObject,
  JsonValue,
  McpTool,
  ParamDef,
  Risk,
  StringFormat,
  Tier,
  ToolDef,
  ToolError,
  ToolExample,
  ToolMetadata,
  ToolSpec,
  TypeDef,
  TypeTable,
  ValidationResult,
} from "./toolc-runtime.types.js";
export { RISKS, TIERS } from "./toolc-runtime.types.js";
export { validateParamsIn, validateValueIn } from "./toolc-runtime.validate.js";
export { createExecutorIn } from "./toolc-runtime.executor.js";
export { createToolbox, type HandlerFactory, type ToolPackage, type Toolbox, type ToolboxOptions } from "./toolc-runtime.toolbox.js";
export type {
  Approval,
  AuditRecord,
  CallContent,
  CallRequest,
  CallStart,
  CallTrace,
  CallerContext,
  Executor,
  ExecutorEvent,
  ExecutorOptions,
  HandlerContext,
  LogEntry,
  Progress,
  Refusal,
  Resolution,
  ResultError,
  Session,
  SessionInfo,
  SessionInit,
  StepBudget,
  Summary,
  Telemetry,
  ToolResult,
  ToolSummary,
} from "./toolc-runtime.calls.js";
export { memoryRateLimitStore, rateLimitKey, type Admission, type RateLimitStore } from "./toolc-runtime.ratelimit.js";
export { ToolCallError, declaredError, notImplementedError, toToolError, unknownToolError } from "./toolc-runtime.errors.js";
export {
  dispatchIn,
  toolError,
  toolNamed,
  toolsByName,
  validateToolArgs,
  type DispatchResult,
  type HandlerOf,
} from "./toolc-runtime.dispatch.js";
export { bindTools, type PackageTools, type ToolShape, type ToolTypeMap } from "./toolc-runtime.package.js";

/** Builds a tool definition whose validator returns `Args`, the named types
 * its parameters refer to being those of `types`. */
export function defineToolIn<const Name extends string, Input, Args>(types: TypeTable, spec: ToolSpec<Name, Input>): ToolDef<Name, Input, Args> {
  const params = spec.params;
  const def: ToolDef<Name, Input, Args> = {
    ...spec,
    inputSchema: spec.mcp.inputSchema,
    types,
    validate: (args: unknown) => validateParamsIn(types, params, args, spec.openParams === true) as ValidationResult<Args>,
  };
  if (spec.mcp.outputSchema !== undefined) {
    return { ...def, outputSchema: spec.mcp.outputSchema };
  }
  return def;
}

/** This runtime's version: the `version` of its `package.json`. */
export const RUNTIME_VERSION = "0.1.0";

/** Throws unless this runtime can serve a module written for `wanted`: the
 * same major version (before 1.0, the same minor) and at least `wanted`, as
 * npm's `^wanted` reads it. A module generated to import the runtime as a
 * package calls it when it loads, so that a project whose `toolc-runtime`
 * and generated code disagree fails at once instead of on some call. */
export function requireRuntimeVersion(wanted: string, module: string): void {
  const [major = NaN, minor = NaN, patch = NaN] = versionParts(RUNTIME_VERSION);
  const [wantMajor = NaN, wantMinor = NaN, wantPatch = NaN] = versionParts(wanted);
  const sameLine = major === wantMajor && (major > 0 || minor === wantMinor);
  const notOlder = minor > wantMinor || (minor === wantMinor && patch >= wantPatch);
  if (!(sameLine && notOlder)) {
    throw new Error(
      `the toolc package module "${module}" was written for toolc-runtime ${wanted}, but toolc-runtime ${RUNTIME_VERSION} is installed: ` +
        `install toolc-runtime@^${wanted}, or build the module again with a toolc that writes for ${RUNTIME_VERSION}`,
    );
  }
}

/** `1.2.3-beta.1` -> `[1, 2, 3]`; what is not a number is `NaN`, which matches nothing. */
function versionParts(version: string): number[] {
  return (version.split(/[-+]/)[0] ?? "").split(".").map(Number);
}
