//! The shared command-line case table against the Python runtime: every
//! tool set `tests/cases/cli/<set>/input.tool` is generated with `--target
//! python` beside the runner `tests/cli/run.py` (the set's module as
//! `pkg.py`), and the test venv's Python, with `toolc-runtime` installed from
//! `targets/python/runtime`, runs it on each of the set's cases. What the
//! runner prints (exit code, both streams, the arguments each handler got)
//! is compared with the case's `expect` as for the TypeScript command line
//! (`cli_typescript::differences`).

use crate::common::py_cases;

#[test]
fn python_command_line_follows_the_case_table() {
    py_cases::run_all(
        "cli",
        include_str!("../cli/run.py"),
        crate::cli_typescript::differences,
    );
}
