//! `toolc init --python`, end to end: the project it sets up generates its
//! module with `toolc build`, passes its own tests (which call the tools
//! through the executor) with the runtime installed from its folder, and
//! its code passes `mypy --strict` and pyright's strict mode; `toolc stubs
//! --target python` imports the module from `--generated` and never
//! overwrites a stub.

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
    // The README's quick start runs in the project, strictly typed.
    let readme = fs::read_to_string(crate::common::repo_root().join("README.md")).unwrap();
    let marker = "# Quick start: quick.py";
    let start = readme
        .find(marker)
        .expect("the README's Python quick start");
    let snippet = &readme[start..][..readme[start..].find("```").unwrap()];
    fs::write(dir.join("quick.py"), snippet).unwrap();
    super::check(&python, &dir, &["quick"], "the README's quick start");
    super::type_check(&python, &dir, "the new project");
    // A second init writes nothing over the project.
    let (code, _, err) = toolc_in(root, &["init", "init", "--python", "--name", "notes"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not overwriting"), "{err}");
}

#[test]
fn python_stubs_import_the_module_from_generated_and_are_never_overwritten() {
    let dir = target_dir().join("python-target").join("stubs");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let out = dir.to_string_lossy();
    let repo = crate::common::repo_root();
    let stubs = [
        "stubs",
        "examples/weather.tool",
        "--target",
        "python",
        "--out",
        &out,
        "--generated",
        "./gen/api",
    ];
    toolc_ok(&repo, &[&stubs]);
    let path = dir.join("weather_handlers.py");
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains("from gen.api.weather import "), "{text}");
    assert!(text.contains("class WeatherHandlers(Handlers):"), "{text}");
    assert!(text.contains("raise not_implemented_error(\"find_location\")"));
    // An edited stub is the user's: a second run keeps it.
    fs::write(&path, "# mine\n").unwrap();
    let err = toolc_ok(&repo, &[&stubs]);
    assert!(err.contains("kept"), "{err}");
    assert_eq!(fs::read_to_string(&path).unwrap(), "# mine\n");
}
