//! The TypeScript runtime: the schema-layer types, the validator, the
//! formats, the error helpers, the dispatch and the executor that every
//! package module imports, and the adapters' shared parts. It is ordinary TypeScript
//! under `targets/typescript/runtime/` (type-checked and unit-tested
//! there), embedded here and written once into each output directory: the entry module `toolc-runtime.ts`, which package modules
//! import as `./toolc-runtime.js`, and its parts `toolc-runtime.<part>.ts`.
//! The runtime imports no package module.

use crate::driver::GENERATED_MARKER;
use crate::targets::OutputFile;

/// The runtime's files by their names in an output directory (the same
/// names as in the source directory, so that their imports resolve in both).
const SOURCES: &[(&str, &str)] = &[
    (
        "toolc-runtime.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.ts"),
    ),
    (
        "toolc-runtime.types.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.types.ts"),
    ),
    (
        "toolc-runtime.values.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.values.ts"),
    ),
    (
        "toolc-runtime.errors.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.errors.ts"),
    ),
    (
        "toolc-runtime.dispatch.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.dispatch.ts"),
    ),
    (
        "toolc-runtime.package.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.package.ts"),
    ),
    (
        "toolc-runtime.ai.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.ai.ts"),
    ),
    (
        "toolc-runtime.mcp.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.mcp.ts"),
    ),
    (
        "toolc-runtime.mcp-http.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.mcp-http.ts"),
    ),
    (
        "toolc-runtime.gemini.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.gemini.ts"),
    ),
    (
        "toolc-runtime.cli.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.cli.ts"),
    ),
    (
        "toolc-runtime.cli-flags.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.cli-flags.ts"),
    ),
    (
        "toolc-runtime.cli-help.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.cli-help.ts"),
    ),
    (
        "toolc-runtime.validate.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.validate.ts"),
    ),
    (
        "toolc-runtime.invalid.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.invalid.ts"),
    ),
    (
        "toolc-runtime.formats.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.formats.ts"),
    ),
    (
        "toolc-runtime.depth.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.depth.ts"),
    ),
    (
        "toolc-runtime.calls.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.calls.ts"),
    ),
    (
        "toolc-runtime.executor.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.executor.ts"),
    ),
    (
        "toolc-runtime.toolbox.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.toolbox.ts"),
    ),
    (
        "toolc-runtime.pipeline.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.pipeline.ts"),
    ),
    (
        "toolc-runtime.session.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.session.ts"),
    ),
    (
        "toolc-runtime.options.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.options.ts"),
    ),
    (
        "toolc-runtime.gates.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.gates.ts"),
    ),
    (
        "toolc-runtime.coerce.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.coerce.ts"),
    ),
    (
        "toolc-runtime.redact.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.redact.ts"),
    ),
    (
        "toolc-runtime.summary.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.summary.ts"),
    ),
    (
        "toolc-runtime.settle.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.settle.ts"),
    ),
];

/// The runtime's files as the target writes them: each source behind the
/// generated marker, so that the driver knows them as toolc's.
pub fn files() -> Vec<OutputFile> {
    SOURCES
        .iter()
        .map(|(name, source)| OutputFile {
            name: (*name).to_string(),
            contents: format!(
                "// {GENERATED_MARKER}: the TypeScript runtime of the package modules in this directory. Do not edit.\n\n{source}"
            ),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::targets::typescript::names::{Namer, camel};
    use crate::targets::typescript::reserved::{RUNTIME_TYPES, RUNTIME_VALUES};

    /// Every runtime file is listed, and they import only each other, save
    /// the adapter parts, which import their SDK (or Node's modules); no
    /// package module. Only an adapter's own parts import its parts.
    #[test]
    fn the_runtime_imports_only_itself_and_the_sdks() {
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("targets/typescript/runtime");
        let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|name| name.starts_with("toolc-runtime") && name.ends_with(".ts"))
            .filter(|name| !name.ends_with(".test.ts"))
            .collect();
        on_disk.sort();
        let mut listed: Vec<String> = SOURCES.iter().map(|(n, _)| n.to_string()).collect();
        listed.sort();
        assert_eq!(listed, on_disk);
        let adapters = [
            "toolc-runtime.ai.ts",
            "toolc-runtime.mcp.ts",
            "toolc-runtime.mcp-http.ts",
            "toolc-runtime.gemini.ts",
            "toolc-runtime.cli.ts",
            "toolc-runtime.cli-flags.ts",
            "toolc-runtime.cli-help.ts",
        ];
        // `toolc-runtime.cli-help.ts` -> `cli`: the adapter a part belongs to.
        let adapter_of = |file: &str| {
            adapters.contains(&file).then(|| {
                file.trim_start_matches("toolc-runtime.")
                    .split(['.', '-'])
                    .next()
                    .unwrap_or_default()
                    .to_string()
            })
        };
        for (name, source) in SOURCES {
            for line in source.lines().filter(|l| l.contains(" from \"")) {
                let module = line
                    .rsplit_once(" from \"")
                    .and_then(|(_, m)| m.strip_suffix("\";"))
                    .unwrap_or_else(|| panic!("{name}: cannot read `{line}`"));
                let file = module
                    .strip_prefix("./")
                    .and_then(|m| m.strip_suffix(".js"))
                    .map(|m| format!("{m}.ts"));
                let allowed = match file {
                    Some(file) => {
                        listed.contains(&file)
                            && adapter_of(&file).is_none_or(|a| adapter_of(name) == Some(a))
                    }
                    None => adapters.contains(name) && !module.starts_with('.'),
                };
                assert!(allowed, "{name} imports {module}");
            }
        }
    }

    #[test]
    fn each_file_is_marked_as_generated() {
        let files = files();
        assert_eq!(files.len(), SOURCES.len());
        for file in files {
            let first = file.contents.lines().next().unwrap_or("");
            assert!(first.contains(GENERATED_MARKER), "{}: {first}", file.name);
        }
    }

    /// Every name the core module declares at the top level or imports
    /// from the runtime is reserved, or a tool named like it (`define_tool`)
    /// would redeclare it.
    #[test]
    fn core_module_names_are_reserved() {
        let core = include_str!("../../../targets/typescript/core.ts.j2");
        let mut values = Vec::new();
        let mut types = Vec::new();
        for line in core.lines() {
            let list = line
                .strip_prefix("import { ")
                .or_else(|| line.strip_prefix("export { "))
                .and_then(|rest| rest.strip_suffix(" } from \"./toolc-runtime.js\";"));
            if let Some(list) = list {
                for name in list.split(", ") {
                    match name.strip_prefix("type ") {
                        Some(ty) => types.push(ty.to_string()),
                        None => values.push(name.to_string()),
                    }
                }
                continue;
            }
            let line = line.strip_prefix("export ").unwrap_or(line);
            let line = line.strip_prefix("async ").unwrap_or(line);
            for keyword in ["function ", "const ", "let ", "class "] {
                if let Some(rest) = line.strip_prefix(keyword) {
                    // `const { A, B: C } = ...` declares each name it binds (A and C).
                    if let Some(listed) = rest.strip_prefix("{ ").and_then(|r| r.split(" }").next())
                    {
                        values.extend(
                            listed
                                .split(", ")
                                .map(|item| item.rsplit(": ").next().unwrap_or(item).to_string()),
                        );
                        continue;
                    }
                    let name: String = rest
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '$')
                        .collect();
                    if !name.is_empty() {
                        values.push(name);
                    }
                }
            }
        }
        assert!(
            values.len() > 15 && types.len() > 10,
            "{values:?} {types:?}"
        );
        let missing: Vec<&String> = values
            .iter()
            .filter(|name| !RUNTIME_VALUES.contains(&name.as_str()))
            .chain(
                types
                    .iter()
                    .filter(|name| !RUNTIME_TYPES.contains(&name.as_str())),
            )
            .collect();
        assert!(missing.is_empty(), "not reserved: {missing:?}");
        let mut values = Namer::values();
        assert_eq!(values.claim(&camel("define_tool_in")), "defineToolIn_");
    }

    /// The TypeScript runtime tests colors with the expression the Rust
    /// runtime tests them with and every schema carries.
    #[test]
    fn both_runtimes_test_colors_with_one_pattern() {
        let formats = SOURCES
            .iter()
            .find(|(name, _)| *name == "toolc-runtime.formats.ts")
            .map(|(_, text)| *text)
            .unwrap_or_default();
        let start = formats.find("const COLOR = new RegExp(").unwrap_or(0);
        let end = formats[start..].find(");").map_or(start, |e| start + e);
        // Its pieces are JS string literals that JSON reads the same way.
        let pattern: String = formats[start..end]
            .lines()
            .skip(1)
            .map(|piece| piece.trim().trim_end_matches([' ', '+', ',']))
            .filter(|piece| piece.starts_with('"'))
            .map(|piece| serde_json::from_str::<String>(piece).unwrap_or_default())
            .collect();
        assert_eq!(pattern, toolc_runtime::formats::COLOR_PATTERN);
    }
}
