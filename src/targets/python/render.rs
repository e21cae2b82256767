//! Loads the Python templates (embedded, or replaced from a template
//! directory: `<dir>/python/<name>.j2`) and renders them over the view.

use std::path::Path;

use minijinja::Environment;
use minijinja::value::Value;

use super::models::{Decl, ModelField};
use crate::targets::templates;

/// The embedded templates, by name: the package module, the module of
/// types, and one declaration of either.
pub const TEMPLATES: &[(&str, &str)] = &[
    (
        "package.py",
        include_str!("../../../targets/python/package.py.j2"),
    ),
    (
        "module.py",
        include_str!("../../../targets/python/module.py.j2"),
    ),
    (
        "declaration.py",
        include_str!("../../../targets/python/declaration.py.j2"),
    ),
];

/// The environment, reading overrides from `template_dir`.
pub fn environment(template_dir: Option<&Path>) -> Result<Environment<'static>, String> {
    let mut env = crate::targets::templates::environment();
    for (name, embedded) in TEMPLATES {
        let added = match template_dir.map(|d| d.join("python").join(format!("{name}.j2"))) {
            Some(path) if path.is_file() => {
                let source = std::fs::read_to_string(&path)
                    .map_err(|e| format!("cannot read template {}: {e}", path.display()))?;
                env.add_template_owned(*name, source)
            }
            _ => env.add_template(name, embedded),
        };
        added.map_err(|e| format!("template {name}.j2: {e:#}"))?;
    }
    Ok(env)
}

/// Renders template `name` over `ctx` into a buffer of `capacity` bytes.
pub fn render(
    env: &Environment<'_>,
    name: &str,
    ctx: Value,
    capacity: usize,
) -> Result<String, String> {
    let template = env
        .get_template(name)
        .map_err(|e| format!("template {name}.j2: {e:#}"))?;
    templates::render_reserved(&template, ctx, capacity)
        .map_err(|e| format!("template {name}.j2: {e}"))
}

/// About the size of `decls` as the template writes them.
pub fn decls_size(decls: &[Decl]) -> usize {
    let field =
        |f: &ModelField| f.name.len() + f.annotation.len() + f.default.len() + f.doc.len() + 16;
    let decl = |d: &Decl| {
        d.name.len()
            + d.doc.len()
            + d.base.len()
            + d.config.len()
            + d.expr.len()
            + 64
            + d.fields.iter().map(field).sum::<usize>()
    };
    decls.iter().map(decl).sum()
}
