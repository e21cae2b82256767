//! Loads the TypeScript templates (embedded, or replaced from a template
//! directory) and renders them over the view model.

use std::path::Path;

use minijinja::Environment;

use super::view::PackageView;

/// The embedded templates, by name. An override is `<dir>/typescript/<name>.j2`.
pub const TEMPLATES: &[(&str, &str)] = &[
    (
        "core.ts",
        include_str!("../../../targets/typescript/core.ts.j2"),
    ),
    (
        "runtime.ts",
        include_str!("../../../targets/typescript/runtime.ts.j2"),
    ),
    (
        "validate.ts",
        include_str!("../../../targets/typescript/validate.ts.j2"),
    ),
    (
        "formats.ts",
        include_str!("../../../targets/typescript/formats.ts.j2"),
    ),
    (
        "ai.ts",
        include_str!("../../../targets/typescript/ai.ts.j2"),
    ),
    (
        "mcp.ts",
        include_str!("../../../targets/typescript/mcp.ts.j2"),
    ),
];

/// Builds the environment, reading overrides from `template_dir`.
pub fn environment(template_dir: Option<&Path>) -> Result<Environment<'static>, String> {
    let mut env = crate::targets::templates::environment();
    for (name, embedded) in TEMPLATES {
        let source = match template_dir.map(|d| d.join("typescript").join(format!("{name}.j2"))) {
            Some(path) if path.is_file() => std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read template {}: {e}", path.display()))?,
            _ => (*embedded).to_string(),
        };
        env.add_template_owned(name.to_string(), source)
            .map_err(|e| format!("template {name}.j2: {e:#}"))?;
    }
    Ok(env)
}

/// Renders template `name` over `view`.
pub fn render(env: &Environment<'_>, name: &str, view: &PackageView) -> Result<String, String> {
    let template = env
        .get_template(name)
        .map_err(|e| format!("template {name}.j2: {e:#}"))?;
    template
        .render(view)
        .map_err(|e| format!("template {name}.j2: {e:#}"))
}
