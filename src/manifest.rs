//! The manifest toolc keeps in an output directory (`.toolc-manifest.json`):
//! every file it wrote there, with the package and the source file it came
//! from, so that a later build knows which files are its own and which of
//! them are stale.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Component, Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::target::GENERATED_MARKER;

/// The manifest's file name.
pub const MANIFEST_NAME: &str = ".toolc-manifest.json";

/// What the manifest knows about one generated file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub package: String,
    /// The `.tool` file it was generated from, relative to the output
    /// directory; absent when the writer did not say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// File name -> record.
pub type Manifest = BTreeMap<String, Record>;

/// The manifest in `out_dir`; empty when there is none or it cannot be read
/// (then no file there counts as toolc's, and a build deletes none). Records from before sources
/// were kept (a bare package name) are read without a source.
pub fn read(out_dir: &Path) -> Manifest {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Entry {
        Record(Record),
        Package(String),
    }
    let Ok(text) = fs::read_to_string(out_dir.join(MANIFEST_NAME)) else {
        return Manifest::new();
    };
    let Ok(value) = serde_json::from_str::<serde_json::Value>(&text) else {
        return Manifest::new();
    };
    let Some(files) = value.get("files").and_then(|f| f.as_object()) else {
        return Manifest::new();
    };
    files
        .iter()
        // A name with a path separator is not a file of this directory.
        .filter(|(name, _)| !name.contains(['/', '\\']) && *name != ".." && *name != ".")
        .filter_map(|(name, entry)| {
            let record = match Entry::deserialize(entry).ok()? {
                Entry::Record(record) => record,
                Entry::Package(package) => Record {
                    package,
                    source: None,
                },
            };
            Some((name.clone(), record))
        })
        .collect()
}

/// The manifest's text, itself marked as generated.
pub fn contents(files: &Manifest) -> String {
    let value = serde_json::json!({
        "$comment": format!("{GENERATED_MARKER}: the files toolc wrote in this directory, with their packages and sources; do not edit"),
        "files": files,
    });
    let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
    text.push('\n');
    text
}

/// `design.mcp.json` -> `design`.
pub fn package_of(file_name: &str) -> String {
    file_name
        .split_once('.')
        .map_or(file_name, |(p, _)| p)
        .to_string()
}

/// `source` as the manifest records it: relative to `out_dir` (both
/// resolved), with `/` separators, so that the record does not depend on
/// the directory toolc ran in; the resolved path when they share no root.
pub fn source_record(out_dir: &Path, source: &Path) -> String {
    let (Ok(dir), Ok(file)) = (out_dir.canonicalize(), source.canonicalize()) else {
        return source.to_string_lossy().replace('\\', "/");
    };
    let dir: Vec<Component> = dir.components().collect();
    let file: Vec<Component> = file.components().collect();
    let common = dir.iter().zip(&file).take_while(|(a, b)| a == b).count();
    if common == 0 {
        return file
            .iter()
            .collect::<PathBuf>()
            .to_string_lossy()
            .into_owned();
    }
    let mut parts: Vec<String> = vec!["..".to_string(); dir.len() - common];
    parts.extend(
        file[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    parts.join("/")
}

/// The file a record's `source` names, resolved; `None` when it no longer
/// exists.
pub fn resolve_source(out_dir: &Path, recorded: &str) -> Option<PathBuf> {
    out_dir.join(recorded).canonicalize().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_are_recorded_relative_to_the_output_directory() {
        let dir = tempfile::tempdir().expect("tempdir");
        let out = dir.path().join("gen/out");
        let src = dir.path().join("tools/a.tool");
        fs::create_dir_all(&out).expect("out");
        fs::create_dir_all(src.parent().expect("parent")).expect("tools");
        fs::write(&src, "").expect("source");
        let recorded = source_record(&out, &src);
        assert_eq!(recorded, "../../tools/a.tool");
        assert_eq!(
            resolve_source(&out, &recorded),
            src.canonicalize().ok(),
            "resolves back"
        );
        fs::remove_file(&src).expect("remove");
        assert_eq!(resolve_source(&out, &recorded), None);
    }

    #[test]
    fn old_manifests_are_read_without_sources() {
        let dir = tempfile::tempdir().expect("tempdir");
        fs::write(
            dir.path().join(MANIFEST_NAME),
            r#"{"files": {"a.mcp.json": "a", "b.md": {"package": "b", "source": "b.tool"}, "../x": "x"}}"#,
        )
        .expect("manifest");
        let manifest = read(dir.path());
        assert_eq!(manifest.len(), 2);
        assert_eq!(manifest["a.mcp.json"].source, None);
        assert_eq!(manifest["b.md"].source.as_deref(), Some("b.tool"));
    }
}
