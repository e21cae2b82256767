//! The TypeScript runtime: the schema-layer types, the validator, the
//! formats and the error helpers every package module imports. It is
//! ordinary TypeScript under `targets/typescript/runtime/` (type-checked and
//! unit-tested there), embedded here and written once into each output
//! directory: the entry module `toolc-runtime.ts`, which package modules
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
        "toolc-runtime.validate.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.validate.ts"),
    ),
    (
        "toolc-runtime.formats.ts",
        include_str!("../../../targets/typescript/runtime/toolc-runtime.formats.ts"),
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

    /// Every runtime file is listed, and the parts import only each other.
    #[test]
    fn the_runtime_imports_only_itself() {
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
                assert!(
                    file.is_some_and(|f| listed.contains(&f)),
                    "{name} imports {module}"
                );
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
}
