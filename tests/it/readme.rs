//! The README as a newcomer follows it: its `cargo test` commands are ones
//! cargo accepts, and the phases it says `TOOLC_TIME_PASSES` prints are the
//! ones a build prints.

use crate::common;

use std::process::Command;

fn readme() -> String {
    std::fs::read_to_string(common::repo_root().join("README.md")).expect("README.md")
}

/// Every `cargo test ...` command of the README (in code spans and blocks),
/// up to the end of its span or line.
fn cargo_test_commands(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let mut rest = line;
        while let Some(at) = rest.find("cargo test") {
            let command = &rest[at..];
            let end = command.find(['`', '#']).unwrap_or(command.len());
            out.push(command[..end].trim().to_string());
            rest = &command[end..];
        }
    }
    out
}

/// Cargo takes one test-name filter before `--`; more must follow it.
#[test]
fn cargo_test_commands_pass_filters_after_the_separator() {
    let commands = cargo_test_commands(&readme());
    assert!(commands.len() >= 2, "{commands:?}");
    // Options of `cargo test` that take a value.
    let valued = [
        "--test",
        "--manifest-path",
        "-p",
        "--package",
        "--features",
        "--bench",
    ];
    for command in &commands {
        let words: Vec<&str> = command.split_whitespace().skip(2).collect();
        let before = words.iter().position(|w| *w == "--").unwrap_or(words.len());
        let mut filters = 0;
        let mut i = 0;
        while i < before {
            let word = words[i];
            if valued.contains(&word) {
                i += 2;
                continue;
            }
            if !word.starts_with('-') {
                filters += 1;
            }
            i += 1;
        }
        assert!(
            filters <= 1,
            "`{command}`: cargo takes one filter before `--`"
        );
    }
}

#[test]
fn the_phases_the_readme_lists_are_the_ones_printed() {
    let text = readme();
    let listed = text
        .split("`TOOLC_TIME_PASSES=1 toolc build ...` prints the wall time of each phase")
        .nth(1)
        .and_then(|rest| rest.split_once('(')?.1.split_once(')'))
        .map(|(inside, _)| inside.to_string())
        .expect("the README lists the phases");
    let listed: Vec<&str> = listed.split(',').map(str::trim).collect();
    let dir = tempfile::tempdir().expect("tempdir");
    let output = Command::new(env!("CARGO_BIN_EXE_toolc"))
        .args([
            "build",
            "tests/cases/targets/basics/input.tool",
            "--target",
            "all",
            "--out",
        ])
        .arg(dir.path().join("out"))
        .current_dir(common::repo_root())
        .env("TOOLC_TIME_PASSES", "1")
        .output()
        .expect("toolc runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let printed: Vec<&str> = stderr
        .lines()
        .filter_map(|l| l.strip_prefix("toolc: time: "))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(listed, printed, "{stderr}");
}
