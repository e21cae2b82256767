//! `toolc init --python`, end to end: the project it sets up generates its
//! module with `toolc build`, passes its own tests (which call the tools
//! through the executor) with the runtime installed from its folder, and
//! its code passes `mypy --strict` and pyright's strict mode.

use std::fs;

use crate::common::node::target_dir;
use crate::common::python::venv_with_runtime;
use crate::scaffold::{toolc_in, toolc_ok};

#[test]
fn a_project_from_init_runs_its_tests_and_type_checks() {
    let Some(python) = venv_with_runtime(super::TOOLS) else {
        return;
    };
    let dir = target_dir().join("python-target").join("init");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let root = dir.parent().unwrap();
    toolc_ok(root, &[&["init", "init", "--python", "--name", "notes"]]);
    for file in [
        "pyproject.toml",
        "tools/notes.tool",
        "main.py",
        "notes_handlers.py",
        "test_notes.py",
        "generated/__init__.py",
    ] {
        assert!(dir.join(file).is_file(), "{file} is missing");
    }
    toolc_ok(
        &dir,
        &[&["build", "tools", "--target", "python", "--out", "generated"]],
    );
    assert!(dir.join("generated/notes.py").is_file());
    super::check(
        &python,
        &dir,
        &["pytest", "-q", "-p", "no:cacheprovider"],
        "pytest of the new project",
    );
    super::type_check(&python, &dir, "the new project");
    // A second init writes nothing over the project.
    let (code, _, err) = toolc_in(root, &["init", "init", "--python", "--name", "notes"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not overwriting"), "{err}");
}
