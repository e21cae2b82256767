//! The embedded template against an override written with the per-cell
//! context variables, which user templates may still use.

use std::path::PathBuf;

use crate::check::CheckOptions;
use crate::driver::analyze;

const CELL_TEMPLATE_ROW: &str = "| {{ row.name }} | {{ row.ty }} | {{ row.required }} | {{ row.default }} | {{ row.constraints }} | {{ row.description }} |";

#[test]
fn a_template_printing_each_cell_renders_the_same_rows() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let analysis = analyze(
        &[root.join("examples/design.tool")],
        &CheckOptions::default(),
    );
    let Ok(analysis) = analysis else {
        panic!("cannot load the example");
    };
    let dir = std::env::temp_dir().join(format!("toolc-md-cells-{}", std::process::id()));
    let _ = std::fs::create_dir_all(dir.join("markdown"));
    let cells = super::TEMPLATE.replace("{{ row.line }}", CELL_TEMPLATE_ROW);
    assert_ne!(cells, super::TEMPLATE);
    let written = std::fs::write(dir.join("markdown").join(super::TEMPLATE_NAME), cells);
    assert!(written.is_ok());
    for package in analysis.program.packages.values() {
        let embedded = super::render(&analysis.program, package, None);
        let overridden = super::render(&analysis.program, package, Some(&dir));
        assert!(embedded.as_ref().is_ok_and(|t| t.contains("| `")));
        assert_eq!(embedded, overridden);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
