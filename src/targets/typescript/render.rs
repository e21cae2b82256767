//! Loads the TypeScript templates (embedded, or replaced from a template
//! directory) and renders them over the view model.

use std::path::Path;
use std::sync::OnceLock;

use minijinja::Environment;
use minijinja::value::Value;

/// The embedded templates, by name. An override is `<dir>/typescript/<name>.j2`.
pub const TEMPLATES: &[(&str, &str)] = &[
    (
        "core.ts",
        include_str!("../../../targets/typescript/core.ts.j2"),
    ),
    (
        "ai.ts",
        include_str!("../../../targets/typescript/ai.ts.j2"),
    ),
    (
        "mcp.ts",
        include_str!("../../../targets/typescript/mcp.ts.j2"),
    ),
    (
        "cli.ts",
        include_str!("../../../targets/typescript/cli.ts.j2"),
    ),
    (
        "gemini.ts",
        include_str!("../../../targets/typescript/gemini.ts.j2"),
    ),
    (
        "module.ts",
        include_str!("../../../targets/typescript/module.ts.j2"),
    ),
];

/// The template environment: with no template directory, the embedded
/// templates, compiled once per process (packages are generated one after
/// another and on several threads); with one, read on every call.
pub enum Templates {
    Embedded(&'static Environment<'static>),
    Custom(Environment<'static>),
}

impl std::ops::Deref for Templates {
    type Target = Environment<'static>;

    fn deref(&self) -> &Self::Target {
        match self {
            Templates::Embedded(env) => env,
            Templates::Custom(env) => env,
        }
    }
}

/// The environment, reading overrides from `template_dir`.
pub fn environment(template_dir: Option<&Path>) -> Result<Templates, String> {
    static EMBEDDED: OnceLock<Result<Environment<'static>, String>> = OnceLock::new();
    match template_dir {
        None => EMBEDDED
            .get_or_init(|| load(None))
            .as_ref()
            .map(Templates::Embedded)
            .map_err(Clone::clone),
        Some(dir) => load(Some(dir)).map(Templates::Custom),
    }
}

fn load(template_dir: Option<&Path>) -> Result<Environment<'static>, String> {
    let mut env = crate::targets::templates::environment();
    for (name, embedded) in TEMPLATES {
        let added = match template_dir.map(|d| d.join("typescript").join(format!("{name}.j2"))) {
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

/// Renders template `name` over `view` (see [`super::view`]) into a buffer
/// of `capacity` bytes: the core module of a big package is written once
/// instead of being copied each time a growing buffer moves.
pub fn render(
    env: &Environment<'_>,
    name: &str,
    view: &Value,
    capacity: usize,
) -> Result<String, String> {
    let template = env
        .get_template(name)
        .map_err(|e| format!("template {name}.j2: {e:#}"))?;
    let mut out = Vec::with_capacity(capacity);
    template
        .render_captured_to(view, &mut out)
        .map_err(|e| format!("template {name}.j2: {e:#}"))?;
    String::from_utf8(out).map_err(|e| format!("template {name}.j2: {e}"))
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use crate::targets::{GenOptions, OutputFile, Target};

    fn generate(inputs: &[PathBuf], options: &GenOptions) -> Vec<OutputFile> {
        let analysis =
            crate::driver::analyze(inputs, &Default::default()).unwrap_or_else(|e| panic!("{e:?}"));
        let (files, diagnostics) =
            crate::driver::generate(&analysis, &[Target::Typescript], options);
        assert!(diagnostics.is_empty());
        files
    }

    /// A template that writes interfaces from their `body` text instead of
    /// looping over `properties` writes the same module: a body is exactly
    /// its property lines.
    #[test]
    fn bodies_hold_the_lines_the_property_loops_write() {
        let core = super::TEMPLATES
            .iter()
            .find(|(name, _)| *name == "core.ts")
            .map_or("", |(_, text)| *text);
        let looped = |list: &str| {
            format!(
                "{{% for p in {list} %}}\n{{{{ p.doc }}}}  {{{{ p.key }}}}{{{{ p.optional }}}}: {{{{ p.ty }}}};\n{{% endfor %}}\n"
            )
        };
        let custom = core
            .replace(&looped("t.properties"), "{{ t.body }}")
            .replace(&looped("tool.input_properties"), "{{ tool.input_body }}")
            .replace(&looped("tool.args_properties"), "{{ tool.args_body }}");
        assert!(!custom.contains("properties %}"), "{custom}");
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        std::fs::create_dir_all(dir.path().join("typescript")).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(dir.path().join("typescript/core.ts.j2"), custom)
            .unwrap_or_else(|e| panic!("{e}"));
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let inputs = [
            root.join("examples/design.tool"),
            root.join("tests/cases/typescript/features/input.tool"),
        ];
        let embedded = generate(&inputs, &GenOptions::default());
        let options = GenOptions {
            template_dir: Some(dir.path().to_path_buf()),
            ..GenOptions::default()
        };
        assert!(
            embedded
                .iter()
                .any(|f| f.contents.contains("export interface"))
        );
        assert_eq!(generate(&inputs, &options), embedded);
    }
}
