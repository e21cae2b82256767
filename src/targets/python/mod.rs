//! The `python` target: one module per package, `<package>.py`, over the
//! `toolc-runtime` package (`toolc_runtime`, source in
//! `targets/python/runtime/`).
//!
//! The module holds pydantic v2 models for every named type and for each
//! tool's arguments (`<Tool>Input` as a model sends them, `<Tool>Args`
//! after validation, defaults applied) and output (`<Tool>Output`), the
//! type table and each tool's `ToolSpec` as Python literals (the same JSON
//! the TypeScript module carries, so the runtimes read one format), one
//! `define_tool` per tool, the `CORE_TOOLS` / `EXTENDED_TOOLS` /
//! `ALL_TOOLS` registries, a `Handlers` protocol with one async method per
//! tool, and `package`, `create_executor` and `validate_args`.
//!
//! The runtime's validator is authoritative: it checks the JSON first,
//! with the same verdicts as the other runtimes, and only then builds the
//! arguments' model. The models therefore accept every value the
//! validator accepts and carry only the constraints pydantic decides the
//! same way (see `types`). The module is clean under `mypy --strict` and
//! pyright's strict mode, on Python 3.10 and later.

pub(crate) mod literal;
mod models;
pub(crate) mod names;
mod render;
mod reserved;
pub mod stub;
mod types;
pub(crate) mod view;

use super::{GenContext, Generator, OutputFile, Target};
use crate::diagnostics::{Diagnostic, Diagnostics, codes};
use crate::ir::Package;

pub struct Python;

impl Generator for Python {
    fn target(&self) -> Target {
        Target::Python
    }

    fn generate<'p>(
        &self,
        cx: &GenContext<'p>,
        package: &'p Package,
    ) -> (Vec<OutputFile>, Diagnostics) {
        let mut diagnostics = Diagnostics::new();
        let view = view::build(cx.program, package);
        let rendered = render::environment(cx.options.template_dir.as_deref())
            .and_then(|env| render::render(&env, "package.py", &view));
        match rendered {
            Ok(contents) => {
                let name = format!("{}.py", package.name);
                (vec![OutputFile { name, contents }], diagnostics)
            }
            Err(message) => {
                diagnostics.push(Diagnostic::new(
                    codes::TEMPLATE_ERROR,
                    package.span,
                    format!(
                        "the python target cannot render package `{}`: {message}",
                        package.name
                    ),
                ));
                (Vec::new(), diagnostics)
            }
        }
    }
}
