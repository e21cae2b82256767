//! Loads the Python templates (embedded, or replaced from a template
//! directory: `<dir>/python/<name>.j2`) and renders them over the view.

use std::path::Path;

use minijinja::Environment;
use minijinja::value::Value;

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

/// Renders template `name` over `view`.
pub fn render(
    env: &Environment<'_>,
    name: &str,
    view: &impl serde::Serialize,
) -> Result<String, String> {
    let template = env
        .get_template(name)
        .map_err(|e| format!("template {name}.j2: {e:#}"))?;
    template
        .render(Value::from_serialize(view))
        .map_err(|e| format!("template {name}.j2: {e:#}"))
}
