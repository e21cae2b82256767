//! Renders the view model with minijinja. Templates are embedded; a file
//! `<template_dir>/rust/<name>` replaces the embedded one of that name.

use std::path::Path;

use crate::targets::templates;

use super::view::FileView;

const TEMPLATES: &[(&str, &str)] = &[
    (
        "package.rs.j2",
        include_str!("../../../targets/rust/package.rs.j2"),
    ),
    (
        "validate.rs.j2",
        include_str!("../../../targets/rust/validate.rs.j2"),
    ),
    (
        "formats.rs.j2",
        include_str!("../../../targets/rust/formats.rs.j2"),
    ),
];

pub fn render(view: &FileView, template_dir: Option<&Path>) -> Result<String, String> {
    let mut env = templates::environment();
    for (name, embedded) in TEMPLATES {
        let source = match template_dir.map(|d| d.join("rust").join(name)) {
            Some(path) if path.is_file() => std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?,
            _ => (*embedded).to_string(),
        };
        env.add_template_owned(*name, source)
            .map_err(|e| format!("template {name}: {e}"))?;
    }
    let template = env
        .get_template("package.rs.j2")
        .map_err(|e| e.to_string())?;
    template
        .render(view)
        .map_err(|e| format!("template error: {e:#}"))
}
