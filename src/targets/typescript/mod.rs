//! The `typescript` target: three ES modules per package.
//!
//! - `<package>.ts`, the core module (no imports): one `defineTool`
//!   definition per tool in the OpenPencil style (name, title, description,
//!   tier, metadata, `params` as `ParamDef`s, the exact MCP JSON, output
//!   schema, examples), exact TypeScript types for every named type and for
//!   each tool's input (`<Tool>Input`), validated arguments (`<Tool>Args`)
//!   and output (`<Tool>Output`), the `CORE_TOOLS` / `EXTENDED_TOOLS` /
//!   `ALL_TOOLS` registries, `validateArgs` (the same accept/reject decisions
//!   and error shape as the Rust dispatcher) and a typed `dispatch`.
//! - `<package>.ai.ts`: the Vercel AI SDK adapter (`tool`, `jsonSchema`).
//! - `<package>.mcp.ts`: the MCP TypeScript SDK adapter (low-level request
//!   handlers, so `tools/list` serves the exact JSON).
//!
//! Everything compiles under `tsc --strict --noUnusedLocals
//! --noImplicitReturns` with `module`/`moduleResolution` `NodeNext`.

mod descriptor;
mod literal;
mod names;
mod render;
mod types;
mod view;

use super::{GenContext, Generator, OutputFile, Target};
use crate::diagnostics::{Diagnostic, Diagnostics, codes};
use crate::ir::Package;

pub struct TypeScript;

impl Generator for TypeScript {
    fn target(&self) -> Target {
        Target::Typescript
    }

    fn generate(&self, cx: &GenContext<'_>, package: &Package) -> (Vec<OutputFile>, Diagnostics) {
        let mut diagnostics = Diagnostics::new();
        if package.tools.is_empty() {
            return (Vec::new(), diagnostics);
        }
        let view = view::build(cx.program, package);
        let rendered = render::environment(cx.options.template_dir.as_deref()).and_then(|env| {
            let files = [
                ("core.ts", format!("{}.ts", package.name)),
                ("ai.ts", format!("{}.ai.ts", package.name)),
                ("mcp.ts", format!("{}.mcp.ts", package.name)),
            ];
            files
                .into_iter()
                .map(|(template, name)| {
                    render::render(&env, template, &view)
                        .map(|contents| OutputFile { name, contents })
                })
                .collect::<Result<Vec<_>, String>>()
        });
        match rendered {
            Ok(files) => (files, diagnostics),
            Err(message) => {
                // The same code the markdown target uses for a template it
                // cannot render: the package cannot be carried by this target.
                diagnostics.push(Diagnostic::new(
                    codes::TARGET_NAME,
                    package.span,
                    format!(
                        "the typescript target cannot render package `{}`: {message}",
                        package.name
                    ),
                ));
                (Vec::new(), diagnostics)
            }
        }
    }
}
