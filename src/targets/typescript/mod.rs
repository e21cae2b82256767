//! The `typescript` target: five ES modules per package, and the runtime
//! they share, written once per output directory.
//!
//! - `<package>.ts`, the core module (it imports only the runtime:
//!   `./toolc-runtime.js`, or the package `toolc-runtime` with
//!   [`TsRuntime::Package`](crate::target::TsRuntime), see `runtime.rs`):
//!   one `defineTool` definition per tool in the OpenPencil style (name,
//!   title, description, tier, metadata, `params` as `ParamDef`s, the exact
//!   MCP JSON, output schema, examples), exact TypeScript types for every named type and for
//!   each tool's input (`<Tool>Input`), validated arguments (`<Tool>Args`)
//!   and output (`<Tool>Output`), the `CORE_TOOLS` / `EXTENDED_TOOLS` /
//!   `ALL_TOOLS` registries, `validateArgs` (the same accept/reject decisions
//!   and error shape as the Rust dispatcher), a typed `dispatch` and
//!   `createExecutor`, the executor every call goes through.
//! - `<package>.ai.ts`: the Vercel AI SDK adapter (`tool`, `jsonSchema`)
//!   over an executor.
//! - `<package>.mcp.ts`: the MCP TypeScript SDK adapter over an executor
//!   (low-level request handlers, so `tools/list` serves the exact JSON).
//! - `<package>.gemini.ts`: Gemini function calling over an executor (the
//!   `gemini` target's declarations, and `functionResponse` parts for a
//!   model's function calls); no SDK import.
//! - `<package>.cli.ts`: the command line over an executor (one shell
//!   command per tool, on `node:util`'s `parseArgs`).
//! - `<module>.ts` for a file without tools that packages use (a module of
//!   types, see `targets::modules`): its types and its entries of the type
//!   table (`export const TYPE_TABLE`, keys `<module>.<Type>`), which the
//!   packages import (`import { TYPE_TABLE as commonTypes, type TextMatch }
//!   from "./common.js"`) and take into their own table.
//! - `toolc-runtime.ts` and its parts `toolc-runtime.<part>.ts` (see
//!   `runtime.rs`; not written when the modules import the package): the schema-layer types, the validator, the formats, the
//!   error helpers, lookup and dispatch over a registry, the executor, and the adapters'
//!   shared code (`toolc-runtime.ai.ts`, `toolc-runtime.mcp.ts`,
//!   `toolc-runtime.gemini.ts`, `toolc-runtime.cli*.ts`, which only the adapters import),
//!   and the executor's optional parts, which only their users import: the
//!   Redis rate-limit store (`toolc-runtime.redis.ts`) and the OpenTelemetry
//!   telemetry (`toolc-runtime.otel.ts`), which load `redis` and
//!   `@opentelemetry/api` at run time and compile without them; real TypeScript under
//!   `targets/typescript/runtime/`; it imports no package module. The core
//!   module re-exports the types and error helpers its users import, and
//!   binds `defineTool` and `validateParams` to its own type table.
//!
//! Everything compiles under `tsc --strict --noUnusedLocals
//! --noImplicitReturns` with `module`/`moduleResolution` `NodeNext` (and
//! under `exactOptionalPropertyTypes`, `noUncheckedIndexedAccess`,
//! `verbatimModuleSyntax` and the other strictness flags), with TypeScript 5
//! and 7. The core module and the runtime need the ES2020 library (`BigInt`,
//! `Object.fromEntries`); the adapters need `ai` 6 (or 7) and
//! `@modelcontextprotocol/sdk` 1.x, the command line Node's types (`@types/node`).
//!
//! # The generated API
//!
//! For `tool set_font(id: NodeId, weight: 100 | 400 | 700 = 400, ...) -> NodeSummary`
//! in `package design`:
//!
//! ```ts
//! // design.ts
//! export type NodeId = string;                  // aliases, enums (string unions),
//! export interface NodeSummary { ... }          // structs, tagged unions
//! export interface NodeSummaryInput { ... }     // only where a default makes the
//!                                               // shape a model sends differ
//! export interface SetFontInput { id: NodeId; weight?: 100 | 400 | 700 }
//! export interface SetFontArgs { id: NodeId; weight: 100 | 400 | 700 } // defaults applied
//! export type SetFontOutput = NodeSummary;      // `void` without `-> T`
//! export const setFont = defineTool<"set_font", SetFontInput, SetFontArgs>({
//!   name, title?, description, tier, metadata: { mutates, risk, idempotent,
//!   destructive, openWorld, confirm, timeoutMs?, rateLimit?, permissions,
//!   deprecated?, errors, meta, names }, params: { id: ParamDef, ... },
//!   output?: TypeDef, mcp: <the mcp target's Tool JSON>, outputWrapped, examples });
//! export const CORE_TOOLS, EXTENDED_TOOLS, ALL_TOOLS;   // `as const` tuples
//! export type ToolName, CoreToolName, ExtendedToolName;
//! export interface ToolTypes { set_font: { input; args; output } }
//! // bound to ALL_TOOLS by the runtime's `bindTools<ToolTypes>` (`PackageTools`):
//! export const TOOLS: { [N in ToolName]: ToolDef<N, ...> };
//! export const getTool: (name: string) => AnyToolDef | undefined;
//! export const validateArgs: (tool: ToolName | ToolDef, args: unknown) =>
//!   { ok: true; value: Args } | { ok: false; error: ToolError };
//! export const dispatch: (handlers, name, args, ctx) => Promise<DispatchResult>; // never throws
//! export const createExecutor: (handlers: Partial<ToolHandlers<HandlerContext>>,
//!   options?: ExecutorOptions) => Executor;      // call, partial, tools, log, summary
//! export type ToolHandlers<Ctx> = { [N in ToolName]: (args, ctx: Ctx) => Output | Promise<Output> };
//! export function toolError(tool, code, message?): ToolCallError; // a declared error
//!
//! // design.ai.ts
//! export function aiTools(executor, options?): AiTools; // what executor.tools() offers
//!
//! // design.mcp.ts
//! export function registerTools(server: Server, executor): void;
//! export function createMcpServer(executor, info?): McpServer;
//! export function mcpTools(tools?): Tool[];     // the tools/list entries
//! export function callToolResult(def, result): CallToolResult;
//!
//! // design.gemini.ts
//! export const GEMINI_DECLARATIONS: Record<string, GeminiFunctionDeclaration>;
//! export function geminiTool(executor): GeminiTool;   // what executor.tools() offers
//! export function respondToGemini(executor, calls, options?): Promise<GeminiFunctionResponsePart[]>;
//!
//! // design.cli.ts
//! export function runCli(executor, argv?, io?): Promise<number>; // the exit code
//! ```
//!
//! `ToolError` is `{ code, message, path?, hint?, retryable }` with the Rust
//! dispatcher's codes (`invalid_argument` with a JSON-pointer `path`,
//! `unknown_tool`, `internal`, `not_implemented`, or a declared code).
//!
//! Validation interprets per-tool `ParamDef` tables built from the IR (not
//! from the emitted schema), so defaults, the null-for-optional leniency and
//! the discriminator of tagged unions apply exactly where the IR says; its
//! verdicts are tested against the `jsonschema` crate and ajv over the
//! emitted MCP schemas. DSL names that are TypeScript keywords or clash with
//! the runtime's names get a `_` suffix as identifiers (`delete_`,
//! `Record_`); object keys stay as written.

mod constraints;
mod context;
#[cfg(test)]
mod descriptor_tests;
mod interfaces;
mod json;
mod literal;
mod names;
mod render;
mod reserved;
mod runtime;
mod schemas;
pub mod stub;
mod types;
mod view;

use super::{GenContext, GenOptions, Generator, OutputFile, Target, templates};
use crate::diagnostics::Diagnostics;
use crate::ir::Package;
use crate::target::TsRuntime;

pub struct TypeScript;

impl Generator for TypeScript {
    fn target(&self) -> Target {
        Target::Typescript
    }

    fn generate<'p>(
        &self,
        cx: &GenContext<'p>,
        package: &'p Package,
    ) -> (Vec<OutputFile>, Diagnostics) {
        let view = view::build(cx.program, package, cx.options.ts_runtime);
        let rendered = render::environment(cx.options.template_dir.as_deref()).and_then(|env| {
            let files = [
                ("core.ts", format!("{}.ts", package.name)),
                ("ai.ts", format!("{}.ai.ts", package.name)),
                ("mcp.ts", format!("{}.mcp.ts", package.name)),
                ("cli.ts", format!("{}.cli.ts", package.name)),
                ("gemini.ts", format!("{}.gemini.ts", package.name)),
            ];
            files
                .into_iter()
                .map(|(template, name)| {
                    // The core module holds every tool; the adapters are
                    // small, but for the Gemini declarations.
                    let capacity = match template {
                        "core.ts" => view.size + view.size / 8 + 8 * 1024,
                        "gemini.ts" => view.gemini_size + 8 * 1024,
                        _ => 8 * 1024,
                    };
                    render::render(&env, template, &view.context, capacity)
                        .map(|contents| OutputFile { name, contents })
                })
                .collect::<Result<Vec<_>, String>>()
        });
        templates::rendered(Target::Typescript, "package", package, rendered)
    }

    /// `<module>.ts`: the types of a file without tools and their entries
    /// of the validators' type table, which the packages import.
    fn generate_module<'p>(
        &self,
        cx: &GenContext<'p>,
        package: &'p Package,
    ) -> (Vec<OutputFile>, Diagnostics) {
        let view = view::build(cx.program, package, cx.options.ts_runtime);
        let rendered = render::environment(cx.options.template_dir.as_deref()).and_then(|env| {
            let capacity = view.size + view.size / 8 + 8 * 1024;
            render::render(&env, "module.ts", &view.context, capacity).map(|contents| {
                let name = format!("{}.ts", package.name);
                vec![OutputFile { name, contents }]
            })
        });
        templates::rendered(Target::Typescript, "module", package, rendered)
    }

    /// The runtime's copy, unless the modules import the package.
    fn shared_files(&self, options: &GenOptions) -> Vec<OutputFile> {
        match options.ts_runtime {
            TsRuntime::Vendored => runtime::files(),
            TsRuntime::Package => Vec::new(),
        }
    }
}
