//! Renders the view model with minijinja. Templates are embedded; a file
//! `<template_dir>/rust/<name>` replaces the embedded one of that name.
//!
//! The embedded templates are compiled once per process. The context holds
//! the view model's scalars and its lists as lazy sequences: an item becomes
//! a template value when the template reads it, so a package's items are not
//! all copied into template values at once.

use std::path::Path;
use std::sync::OnceLock;

use minijinja::{Environment, Value, context};

use crate::targets::templates::{self, lazy};

use super::view::FileView;

const TEMPLATES: &[(&str, &str)] = &[
    (
        "package.rs.j2",
        include_str!("../../../targets/rust/package.rs.j2"),
    ),
    (
        "module.rs.j2",
        include_str!("../../../targets/rust/module.rs.j2"),
    ),
    (
        "types.rs.j2",
        include_str!("../../../targets/rust/types.rs.j2"),
    ),
];

pub fn render(view: FileView, template_dir: Option<&Path>) -> Result<String, String> {
    let overrides: Vec<(&str, std::path::PathBuf)> = match template_dir {
        Some(dir) => TEMPLATES
            .iter()
            .map(|(name, _)| (*name, dir.join("rust").join(name)))
            .filter(|(_, path)| path.is_file())
            .collect(),
        None => Vec::new(),
    };
    let capacity = capacity_for(&view);
    // A file without tools is a module of types.
    let name = if view.tools.is_empty() {
        "module.rs.j2"
    } else {
        "package.rs.j2"
    };
    let ctx = context_of(view);
    if overrides.is_empty() {
        return match embedded() {
            Ok(env) => render_with(env, name, ctx, capacity),
            Err(e) => Err(e.clone()),
        };
    }
    let mut env = environment();
    for (name, embedded) in TEMPLATES {
        let source = match overrides.iter().find(|(n, _)| n == name) {
            Some((_, path)) => std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?,
            None => (*embedded).to_string(),
        };
        env.add_template_owned(*name, source)
            .map_err(|e| format!("template {name}: {e}"))?;
    }
    render_with(&env, name, ctx, capacity)
}

/// The shared template setup plus `rust_bool`, which prints a boolean as
/// Rust does (minijinja prints `True`).
fn environment() -> Environment<'static> {
    let mut env = templates::environment();
    env.add_filter("rust_bool", |b: bool| if b { "true" } else { "false" });
    env
}

/// The environment of the embedded templates, compiled on first use.
fn embedded() -> &'static Result<Environment<'static>, String> {
    static ENV: OnceLock<Result<Environment<'static>, String>> = OnceLock::new();
    ENV.get_or_init(|| {
        let mut env = environment();
        for (name, source) in TEMPLATES {
            env.add_template(name, source)
                .map_err(|e| format!("template {name}: {e}"))?;
        }
        Ok(env)
    })
}

fn render_with(
    env: &Environment<'_>,
    name: &str,
    ctx: Value,
    capacity: usize,
) -> Result<String, String> {
    let template = env.get_template(name).map_err(|e| e.to_string())?;
    templates::render_reserved(&template, ctx, capacity).map_err(|e| format!("template error: {e}"))
}

/// More than the output of `view` will take (see
/// [`templates::render_reserved`]).
fn capacity_for(view: &FileView) -> usize {
    let tools = view.tools.iter().map(|t| {
        let d = &t.descriptor;
        2 * (d.mcp.len() + d.description.len() + t.table_expr.len() + t.output_expr.len()) + 4096
    });
    let types = view.aliases.len() + view.enums.len() + view.structs.len() + view.unions.len();
    tools.sum::<usize>() + types * 2048 + 64 * 1024
}

/// The template context.
fn context_of(view: FileView) -> Value {
    context! {
        source => view.source,
        package => view.package,
        doc => view.doc,
        trait_name => view.trait_name,
        call_name => view.call_name,
        toolset_name => view.toolset_name,
        module => super::ident::Ident::snake(&view.package),
        modules => lazy(view.modules),
        aliases => lazy(view.aliases),
        enums => lazy(view.enums),
        structs => lazy(view.structs),
        unions => lazy(view.unions),
        tools => lazy(view.tools),
        patterns => lazy(view.patterns),
        defs => lazy(view.defs),
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use crate::targets::{GenContext, GenOptions, Generator};

    /// Generates `source` with `template` as the package template.
    fn render_with_template(source: &str, template: &str) -> String {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
        let file = dir.path().join("demo.tool");
        std::fs::write(&file, source).unwrap_or_else(|e| panic!("write: {e}"));
        std::fs::create_dir_all(dir.path().join("rust")).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(dir.path().join("rust/package.rs.j2"), template)
            .unwrap_or_else(|e| panic!("write: {e}"));
        let analysis = crate::driver::analyze(&[PathBuf::from(&file)], &Default::default())
            .unwrap_or_else(|e| panic!("analyze: {e:?}"));
        assert!(!analysis.diagnostics.has_errors());
        let options = GenOptions {
            template_dir: Some(dir.path().to_path_buf()),
            ..Default::default()
        };
        let cx = GenContext {
            program: &analysis.program,
            options: &options,
        };
        let package = analysis.program.packages.values().next();
        let package = package.unwrap_or_else(|| panic!("no package"));
        let (files, diagnostics) = super::super::RustGenerator.generate(&cx, package);
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        files.into_iter().map(|f| f.contents).collect()
    }

    const SOURCE: &str = r#"package demo;

/// Sets the font.
tool set_font(
    /// The font.
    font: string len 1..=120,
    "type"?: string,
) -> string;

/// Answers.
tool ping() -> bool;
"#;

    #[test]
    fn a_user_template_lays_out_the_view_model_its_own_way() {
        // (A block tag eats the newline after it.)
        let template = "{{ tools | length }} {{ tools[-1].method }}\n\
            {% for t in tools %}{{ t.variant }}:{{ t.descriptor.name }}:{{ t.wrap }};{% endfor %}\n\
            {% for s in structs %}{{ s.name }}({% for f in s.fields %}{{ f.name }}{{ f.doc }} {% endfor %}){% endfor %}\n\
            {% for line in tools[0].doc %}[{{ line }}]{% endfor %}\n";
        assert_eq!(
            render_with_template(SOURCE, template),
            "2 ping\n\
             SetFont:\"set_font\":True;Ping:\"ping\":True;\
             SetFontArgs(font[\" The font.\"] r#type[] )PingArgs()\
             [ Sets the font.]"
        );
    }
}
