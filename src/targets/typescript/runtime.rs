//! The TypeScript runtime: the schema-layer types, the validator, the
//! formats, the error helpers, the dispatch and the executor that every
//! package module imports, and the adapters' shared parts. It is ordinary
//! TypeScript under `targets/typescript/runtime/` (type-checked and
//! unit-tested there), and the npm package `toolc-runtime` (its
//! `package.json` is beside the sources). Package modules reach it one of
//! two ways ([`TsRuntime`]): a copy written once into each output directory
//! (the entry module `toolc-runtime.ts`, imported as `./toolc-runtime.js`,
//! and its parts `toolc-runtime.<part>.ts`), or the installed package
//! (`toolc-runtime`, `toolc-runtime/mcp`, ...). The runtime imports no
//! package module. The Redis rate-limit store and the OpenTelemetry glue
//! load their npm package at run time and are typed without it, so the
//! runtime compiles with only the adapters' SDKs installed.

use std::sync::OnceLock;

use minijinja::value::Value;

use super::context::Record;
use crate::target::{GENERATED_MARKER, TsRuntime};
use crate::targets::OutputFile;

/// The runtime's npm manifest: its `name` is what package modules import
/// in package mode, its `version` what they ask of the installed package.
const PACKAGE_JSON: &str = include_str!("../../../targets/typescript/runtime/package.json");

/// The package's name, as `package.json` gives it.
const PACKAGE: &str = "toolc-runtime";

/// The parts a generated adapter imports besides the main module, by their
/// key in the templates' `runtime` variable and their name in a file
/// (`toolc-runtime.<part>.ts`) or a package entry point
/// (`toolc-runtime/<part>`).
const ADAPTER_PARTS: &[(&str, &str)] = &[
    ("ai", "ai"),
    ("mcp", "mcp"),
    ("mcp_http", "mcp-http"),
    ("cli", "cli"),
    ("gemini", "gemini"),
];

/// The version of the runtime this toolc writes modules for: the one in
/// `package.json`, which the vendored copy also is.
pub fn version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| {
        serde_json::from_str::<serde_json::Value>(PACKAGE_JSON)
            .ok()
            .and_then(|manifest| manifest.get("version")?.as_str().map(str::to_string))
            .unwrap_or_default()
    })
}

/// The templates' `runtime` variable: how a build's modules import the
/// runtime. `core` is the main module's specifier and each adapter part's
/// under its key (`mcp_http` for `mcp-http`); `version` is, in package mode,
/// the version the core module checks the installed package against (a
/// string literal), and none for a copy, which is the version it was
/// written with.
pub fn imports(mode: TsRuntime) -> Value {
    let specifier = |part: Option<&str>| match (mode, part) {
        (TsRuntime::Vendored, None) => "./toolc-runtime.js".to_string(),
        (TsRuntime::Vendored, Some(part)) => format!("./toolc-runtime.{part}.js"),
        (TsRuntime::Package, None) => PACKAGE.to_string(),
        (TsRuntime::Package, Some(part)) => format!("{PACKAGE}/{part}"),
    };
    let mut fields = vec![("core", Value::from(specifier(None)))];
    fields.extend(
        ADAPTER_PARTS
            .iter()
            .map(|(key, part)| (*key, Value::from(specifier(Some(part))))),
    );
    let version = match mode {
        TsRuntime::Vendored => Value::from(()),
        TsRuntime::Package => Value::from(serde_json::Value::from(version()).to_string()),
    };
    fields.push(("version", version));
    Record::value(fields)
}

/// `(name, source)` of each runtime file, read from the source directory.
macro_rules! sources {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_str!(concat!("../../../targets/typescript/runtime/", $name)))),*]
    };
}

/// The runtime's files by their names in an output directory (the same
/// names as in the source directory, so that their imports resolve in both).
const SOURCES: &[(&str, &str)] = sources![
    "toolc-runtime.ts",
    "toolc-runtime.types.ts",
    "toolc-runtime.values.ts",
    "toolc-runtime.errors.ts",
    "toolc-runtime.dispatch.ts",
    "toolc-runtime.package.ts",
    "toolc-runtime.ai.ts",
    "toolc-runtime.mcp.ts",
    "toolc-runtime.mcp-http.ts",
    "toolc-runtime.redis.ts",
    "toolc-runtime.otel.ts",
    "toolc-runtime.gemini.ts",
    "toolc-runtime.cli.ts",
    "toolc-runtime.cli-flags.ts",
    "toolc-runtime.cli-help.ts",
    "toolc-runtime.validate.ts",
    "toolc-runtime.invalid.ts",
    "toolc-runtime.formats.ts",
    "toolc-runtime.depth.ts",
    "toolc-runtime.calls.ts",
    "toolc-runtime.executor.ts",
    "toolc-runtime.toolbox.ts",
    "toolc-runtime.pipeline.ts",
    "toolc-runtime.session.ts",
    "toolc-runtime.options.ts",
    "toolc-runtime.ratelimit.ts",
    "toolc-runtime.gates.ts",
    "toolc-runtime.coerce.ts",
    "toolc-runtime.redact.ts",
    "toolc-runtime.summary.ts",
    "toolc-runtime.settle.ts",
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
            "toolc-runtime.redis.ts",
            "toolc-runtime.otel.ts",
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
                .and_then(|rest| rest.strip_suffix(" } from \"{{ runtime.core }}\";"));
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

    /// Every entry point the package exports is a runtime file compiled
    /// into `dist/` with its declarations; the adapters' parts are among
    /// them, and every SDK is an optional peer.
    #[test]
    fn the_package_exports_each_entry_point() {
        let manifest: serde_json::Value =
            serde_json::from_str(PACKAGE_JSON).unwrap_or_else(|e| panic!("package.json: {e}"));
        assert_eq!(manifest["name"], PACKAGE);
        assert_eq!(manifest["type"], "module");
        let exports = manifest["exports"]
            .as_object()
            .unwrap_or_else(|| panic!("no exports: {manifest}"));
        let mut parts = Vec::new();
        for (entry, target) in exports {
            if entry == "./package.json" {
                continue;
            }
            let stem = match entry.strip_prefix("./") {
                Some(part) => format!("toolc-runtime.{part}"),
                None => "toolc-runtime".to_string(),
            };
            assert!(
                SOURCES
                    .iter()
                    .any(|(name, _)| *name == format!("{stem}.ts")),
                "{entry}: no {stem}.ts"
            );
            assert_eq!(target["types"], format!("./dist/{stem}.d.ts"), "{entry}");
            assert_eq!(target["default"], format!("./dist/{stem}.js"), "{entry}");
            parts.extend(entry.strip_prefix("./"));
        }
        for (_, part) in ADAPTER_PARTS {
            assert!(parts.contains(part), "{part} is not exported");
        }
        for part in ["redis", "otel"] {
            assert!(parts.contains(&part), "{part} is not exported");
        }
        let peers = manifest["peerDependencies"]
            .as_object()
            .unwrap_or_else(|| panic!("no peerDependencies: {manifest}"));
        for sdk in [
            "ai",
            "@modelcontextprotocol/sdk",
            "redis",
            "@opentelemetry/api",
        ] {
            assert!(peers.contains_key(sdk), "{sdk} is not a peer");
        }
        for peer in peers.keys() {
            assert_eq!(
                manifest["peerDependenciesMeta"][peer]["optional"], true,
                "{peer}"
            );
        }
    }

    /// The runtime knows its own version, and it is the package's.
    #[test]
    fn the_runtime_states_the_package_version() {
        let main = SOURCES
            .iter()
            .find(|(name, _)| *name == "toolc-runtime.ts")
            .map(|(_, text)| *text)
            .unwrap_or_default();
        assert!(!version().is_empty());
        let declared = format!("export const RUNTIME_VERSION = \"{}\";", version());
        assert!(
            main.contains(&declared),
            "{declared} not in toolc-runtime.ts"
        );
    }

    /// A copy is imported by the names the target writes it under; the
    /// package by its entry points, and only then with the version check.
    #[test]
    fn modules_import_the_copy_or_the_package() {
        let vendored = imports(TsRuntime::Vendored);
        let package = imports(TsRuntime::Package);
        let field = |record: &Value, key: &str| {
            record
                .get_attr(key)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
        };
        assert_eq!(
            field(&vendored, "core").as_deref(),
            Some("./toolc-runtime.js")
        );
        assert_eq!(field(&package, "core").as_deref(), Some("toolc-runtime"));
        for (key, part) in ADAPTER_PARTS {
            let file = field(&vendored, key).unwrap_or_default();
            let written = file
                .strip_prefix("./")
                .and_then(|f| f.strip_suffix(".js"))
                .map(|stem| format!("{stem}.ts"));
            assert!(
                SOURCES
                    .iter()
                    .any(|(name, _)| Some(*name) == written.as_deref()),
                "{file}"
            );
            assert_eq!(field(&package, key), Some(format!("toolc-runtime/{part}")));
        }
        assert!(vendored.get_attr("version").is_ok_and(|v| v.is_none()));
        assert_eq!(
            field(&package, "version"),
            Some(format!("\"{}\"", version()))
        );
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
