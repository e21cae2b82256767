//! The shared executor case table against the Python runtime: every tool
//! set `tests/cases/executor/<set>/input.tool` is generated with `--target
//! python` beside the runner `tests/executor/run.py` (the set's module as
//! `pkg.py`), and the test venv's Python, with `toolc-runtime` installed from
//! `targets/python/runtime`, runs it on each of the set's cases. What the
//! runner prints is compared with the case's `expect` as for the TypeScript
//! runtime (`executor_typescript::differences`).

use crate::common::py_cases;

#[test]
fn python_executor_follows_the_case_table() {
    py_cases::run_all(
        "executor",
        include_str!("../executor/run.py"),
        crate::executor_typescript::differences,
    );
}
