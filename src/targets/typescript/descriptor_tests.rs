//! Tests of the descriptor tables the TypeScript module holds.

use crate::targets::{GenOptions, Target};

/// The TypeScript module of `source`'s package.
fn module(source: &str) -> String {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("shared.tool");
    std::fs::write(&path, source).unwrap_or_else(|e| panic!("{e}"));
    let analysis =
        crate::driver::analyze(&[path], &Default::default()).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(!analysis.diagnostics.has_errors());
    let (files, _) =
        crate::driver::generate(&analysis, &[Target::Typescript], &GenOptions::default());
    files
        .into_iter()
        .find(|f| f.name == "shared.ts")
        .map(|f| f.contents)
        .unwrap_or_else(|| panic!("no shared.ts"))
}

#[test]
fn a_struct_many_tools_take_is_described_once() {
    let ts = module(
        r#"package shared;
/// A place.
struct Spot { lat_deg: number in -90..=90, lon_deg: number }
enum Unit { metric, imperial }
/// One.
tool one(at: Spot, unit: Unit = metric);
/// Two.
tool two(from?: Spot | null, to: [Spot]);
"#,
    );
    // Whitespace aside, so that indentation does not matter. The MCP
    // schemas in the module spell types `"type": "number"`, descriptors
    // `"kind": "number"`.
    let flat: String = ts.chars().filter(|c| !c.is_whitespace()).collect();
    // The struct's body once, in the type table; three references.
    let body = r#""kind":"number","minimum":-90,"maximum":90"#;
    assert_eq!(flat.matches(body).count(), 1, "{ts}");
    assert_eq!(flat.matches(r#""kind":"ref","name":"Spot""#).count(), 2);
    // The nullable use keeps its `null` on the reference.
    let nullable = r#""kind":"ref","nullable":true,"name":"Spot""#;
    assert_eq!(flat.matches(nullable).count(), 1, "{ts}");
    // Enums stay where they are used.
    assert!(!flat.contains(r#""name":"Unit""#), "{ts}");
    assert!(flat.contains(r#""values":["metric","imperial"]"#), "{ts}");
}
