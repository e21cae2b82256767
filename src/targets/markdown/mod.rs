//! The `markdown` target: `<package>.md`, prompt-ready docs a model reads
//! well. The structure is fixed: title and package doc, core tools, extended
//! tools, then the named types the tools use.
//!
//! The view model (`view`) computes every string, table cell and sentence
//! in Rust; the template `targets/markdown/package.md.j2` only loops and
//! branches. A file `<template_dir>/markdown/package.md.j2` replaces the
//! embedded template.

mod pipes;
mod rows;
mod text;
mod view;

use std::path::Path;
use std::sync::OnceLock;

use minijinja::Environment;

use crate::targets::templates;

use super::{GenContext, Generator, OutputFile, Target};
use crate::diagnostics::Diagnostics;
use crate::ir::{Package, Program};

const TEMPLATE_NAME: &str = "package.md.j2";
const TEMPLATE: &str = include_str!("../../../targets/markdown/package.md.j2");

pub struct Markdown;

impl Generator for Markdown {
    fn target(&self) -> Target {
        Target::Markdown
    }

    fn generate<'p>(
        &self,
        cx: &GenContext<'p>,
        package: &'p Package,
    ) -> (Vec<OutputFile>, Diagnostics) {
        let rendered =
            render(cx.program, package, cx.options.template_dir.as_deref()).map(|contents| {
                let name = format!("{}.md", package.name);
                vec![OutputFile { name, contents }]
            });
        templates::rendered(Target::Markdown, "package", package, rendered)
    }
}

/// The whole document, through the template override if there is one.
pub fn render(
    program: &Program,
    package: &Package,
    template_dir: Option<&Path>,
) -> Result<String, String> {
    let view = view::document(program, package);
    match template_dir.map(|d| d.join("markdown").join(TEMPLATE_NAME)) {
        Some(path) if path.is_file() => {
            let source = std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let mut env = templates::environment();
            env.add_template_owned(TEMPLATE_NAME, source)
                .map_err(|e| format!("template {TEMPLATE_NAME}: {e}"))?;
            render_with(&env, &view)
        }
        _ => match embedded() {
            Ok(env) => render_with(env, &view),
            Err(e) => Err(e.clone()),
        },
    }
}

/// The environment of the embedded template, compiled on first use.
fn embedded() -> &'static Result<Environment<'static>, String> {
    static ENV: OnceLock<Result<Environment<'static>, String>> = OnceLock::new();
    ENV.get_or_init(|| {
        let mut env = templates::environment();
        env.add_template(TEMPLATE_NAME, TEMPLATE)
            .map_err(|e| format!("template {TEMPLATE_NAME}: {e}"))?;
        Ok(env)
    })
}

fn render_with(env: &Environment<'_>, view: &view::DocumentView) -> Result<String, String> {
    let template = env.get_template(TEMPLATE_NAME).map_err(|e| e.to_string())?;
    template
        .render(view)
        .map_err(|e| format!("template error: {e:#}"))
}

#[cfg(test)]
mod tests;
