/**
 * The schema layer of the toolc TypeScript runtime: the types of tool
 * definitions, of the `TypeDef` / `ParamDef` tables the validator
 * interprets, and of structured errors.
 *
 * @module
 */

/** Any JSON value. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/** String formats the validator checks (JSON Schema 2020-12, RFC 3339), and
 * `color` (hex or CSS functional notation), which schemas carry as a pattern. */
export type StringFormat =
  | "date-time"
  | "date"
  | "time"
  | "duration"
  | "email"
  | "hostname"
  | "ipv4"
  | "ipv6"
  | "uri"
  | "uuid"
  | "color";

/** The type of a parameter or field, as data: what the validator checks. */
export type TypeDef =
  | {
      readonly kind: "string";
      readonly nullable?: boolean;
      readonly minLength?: number;
      readonly maxLength?: number;
      readonly pattern?: string;
      readonly format?: StringFormat;
    }
  | {
      readonly kind: "integer" | "number";
      readonly nullable?: boolean;
      readonly minimum?: number;
      readonly exclusiveMinimum?: number;
      readonly maximum?: number;
      readonly exclusiveMaximum?: number;
      readonly multipleOf?: number;
    }
  | { readonly kind: "boolean"; readonly nullable?: boolean }
  | { readonly kind: "json"; readonly nullable?: boolean }
  | {
      readonly kind: "array";
      readonly nullable?: boolean;
      readonly items: TypeDef;
      readonly minItems?: number;
      readonly maxItems?: number;
      readonly uniqueItems?: boolean;
    }
  /** A fixed-length array: one type per position. */
  | { readonly kind: "tuple"; readonly nullable?: boolean; readonly items: readonly TypeDef[] }
  | {
      readonly kind: "map";
      readonly nullable?: boolean;
      readonly values: TypeDef;
      readonly keyPattern?: string;
      readonly minProperties?: number;
      readonly maxProperties?: number;
    }
  | { readonly kind: "enum"; readonly nullable?: boolean; readonly values: readonly (string | number)[] }
  | { readonly kind: "union"; readonly nullable?: boolean; readonly members: readonly TypeDef[] }
  /** `open`: an `@open struct`, whose undeclared keys are kept as sent. */
  | { readonly kind: "object"; readonly nullable?: boolean; readonly fields: Readonly<Record<string, ParamDef>>; readonly open?: boolean }
  | {
      readonly kind: "tagged";
      readonly nullable?: boolean;
      readonly discriminator: string;
      readonly variants: Readonly<Record<string, Readonly<Record<string, ParamDef>>>>;
      /** The tags whose struct is `@open`. */
      readonly openVariants?: readonly string[];
    }
  /** A named struct or union (or a recursive type), looked up in the
   * module's type table. */
  | { readonly kind: "ref"; readonly nullable?: boolean; readonly name: string };

/** One tool parameter or struct field. */
export interface ParamDef {
  readonly type: TypeDef;
  /** True when the argument has neither `?` nor a default. */
  readonly required: boolean;
  readonly description?: string;
  readonly title?: string;
  /** Applied by validation when the argument is absent. */
  readonly default?: JsonValue;
  readonly deprecated?: string | true;
  /** A sensitive value (password, token) that logs must not show. */
  readonly secret?: boolean;
  readonly examples?: readonly JsonValue[];
}

/** Every tier, in order. */
export const TIERS = ["core", "extended"] as const;
export type Tier = (typeof TIERS)[number];
/** Every risk, lowest first: a ceiling refuses what comes after it. */
export const RISKS = ["low", "medium", "high", "critical"] as const;
export type Risk = (typeof RISKS)[number];

/** A declared tool error. */
export interface ErrorDef {
  readonly message: string;
  readonly hint?: string;
  /** What to try instead (`suggest "..."`): a failure's suggestions when its handler gives none. */
  readonly suggestions?: readonly string[];
  readonly retryable: boolean;
}

/** What a tool does besides taking arguments: the metadata an agent loop needs. */
export interface ToolMetadata {
  readonly mutates: boolean;
  readonly risk: Risk;
  readonly idempotent: boolean;
  readonly destructive: boolean;
  readonly openWorld: boolean;
  /** A human approves each call. */
  readonly confirm: boolean;
  readonly timeoutMs?: number;
  readonly rateLimit?: { readonly count: number; readonly perMs: number };
  readonly permissions: readonly string[];
  readonly deprecated?: string | true;
  readonly errors: Readonly<Record<string, ErrorDef>>;
  /** Pass-through `@meta` entries. */
  readonly meta: JsonObject;
  /** Per-target wire names from `@name(target, "...")`. */
  readonly names: Readonly<Record<string, string>>;
}

/** The MCP `Tool` object exactly as the `mcp` target emits it. */
export interface McpTool {
  readonly name: string;
  readonly inputSchema: JsonObject;
  readonly outputSchema?: JsonObject;
  readonly [key: string]: JsonValue | undefined;
}

export interface ToolExample<Input> {
  readonly title?: string;
  readonly args: Input;
}

/** What a generated module passes to `defineTool`. */
export interface ToolSpec<Name extends string, Input> {
  readonly name: Name;
  readonly title?: string;
  readonly description: string;
  readonly tier: Tier;
  readonly metadata: ToolMetadata;
  readonly params: Readonly<Record<string, ParamDef>>;
  /** `@open`: the arguments may hold keys `params` does not declare, kept as sent. */
  readonly openParams?: boolean;
  /** The declared output type; absent for a tool that returns nothing. */
  readonly output?: TypeDef;
  readonly mcp: McpTool;
  /** True when the MCP `outputSchema` wraps the output as `{ result: value }`. */
  readonly outputWrapped: boolean;
  readonly examples: readonly ToolExample<Input>[];
}

/** A tool definition: its spec plus schemas and a typed validator. */
export interface ToolDef<Name extends string = string, Input = unknown, Args = unknown> extends ToolSpec<Name, Input> {
  readonly inputSchema: JsonObject;
  readonly outputSchema?: JsonObject;
  /** The named types its descriptors refer to. */
  readonly types: TypeTable;
  /** Validates a model's arguments: same decisions as the generated Rust dispatcher. */
  readonly validate: (args: unknown) => ValidationResult<Args>;
}

/** Any tool of any package. */
export type AnyToolDef = ToolDef<string, any, any>;

/** A structured, model-readable error. */
export interface ToolError {
  /** `invalid_argument`, `unknown_tool`, `internal`, `not_implemented`, or a declared code. */
  readonly code: string;
  readonly message: string;
  /** JSON pointer of the offending argument: `/weight`, `/tags/3` (`""` for the whole object). */
  readonly path?: string;
  /** What to do about it. */
  readonly hint?: string;
  /** What to try instead (tool names, values): a handler may give them. */
  readonly suggestions?: readonly string[];
  readonly retryable: boolean;
}

export type ValidationResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: ToolError };

/** A package module's named types by name: what a `ref` refers to. */
export type TypeTable = Readonly<Record<string, TypeDef>>;
