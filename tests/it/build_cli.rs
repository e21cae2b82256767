//! `toolc build`: exit codes, determinism, write-if-changed and stale-file
//! removal (only files toolc's manifest lists, of packages not in this
//! build; never a file it did not write, whatever header that carries).

mod targets;

use crate::common;

use std::fs;
use std::path::Path;
use std::process::Command;

use toolc::internal::driver::{self, GENERATED_MARKER, MANIFEST_NAME};
use toolc::internal::targets::OutputFile;

fn toolc(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_toolc"))
        .args(args)
        .current_dir(common::repo_root())
        .output()
        .expect("run toolc")
}

fn file(name: &str, contents: &str) -> OutputFile {
    OutputFile {
        name: name.into(),
        contents: contents.into(),
    }
}

fn snapshot_dir(dir: &Path) -> Vec<(String, Vec<u8>, std::time::SystemTime)> {
    let mut out: Vec<_> = fs::read_dir(dir)
        .expect("read out dir")
        .flatten()
        .map(|e| {
            let meta = e.metadata().expect("metadata");
            (
                e.file_name().to_string_lossy().into_owned(),
                fs::read(e.path()).expect("read"),
                meta.modified().expect("mtime"),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn unchanged_rebuild_writes_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let files = [file("a.mcp.json", "{}\n"), file("a.openai.json", "[]\n")];
    let first = driver::write_package_outputs(dir.path(), &files, &["a"], true).expect("write");
    assert_eq!(first.written.len(), 3, "two files and the manifest");
    let second = driver::write_package_outputs(dir.path(), &files, &["a"], true).expect("write");
    assert!(second.written.is_empty(), "{:?}", second.written);
    assert_eq!(second.unchanged.len(), 3, "two files and the manifest");
    let manifest = fs::read_to_string(dir.path().join(MANIFEST_NAME)).expect("manifest");
    assert!(manifest.contains(GENERATED_MARKER) && manifest.contains("a.openai.json"));
}

#[test]
fn stale_removal_deletes_only_toolc_files_of_other_packages() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path();
    // An earlier build of packages `old` and `keep`; JSON arrays carry no
    // marker, so only the manifest knows `old.openai.json` is toolc's.
    let earlier = [
        file("old.openai.json", "[]\n"),
        file("old.md", &format!("<!-- {GENERATED_MARKER} -->\n")),
        file("keep.openai.json", "[]\n"),
    ];
    driver::write_package_outputs(out, &earlier, &["old", "keep"], true).expect("write");
    fs::write(out.join("notes.md"), "mine\n").expect("user file");
    fs::write(out.join("user.openai.json"), "[]\n").expect("user file");
    // Hand-made, or copied from another output directory: it carries the
    // marker, but this directory's manifest never listed it.
    fs::write(
        out.join("stray.mcp.json"),
        format!("{{\"_meta\":{{\"x\":\"{GENERATED_MARKER}\"}}}}"),
    )
    .expect("marked file");
    fs::write(
        out.join("copied.ts"),
        format!("// {GENERATED_MARKER} from copied.tool. Do not edit.\n"),
    )
    .expect("marked file");
    // Left by a build that was killed between staging and committing.
    fs::write(out.join(".old.openai.json.99999.toolc-tmp"), "[]\n").expect("temp file");

    let now = [file("keep.mcp.json", "{}\n")];
    let report = driver::write_package_outputs(out, &now, &["keep"], true).expect("write");
    let removed: Vec<String> = report
        .removed
        .iter()
        .map(|p| {
            p.file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(
        removed,
        [
            ".old.openai.json.99999.toolc-tmp",
            "old.md",
            "old.openai.json",
        ]
    );
    for survivor in [
        "notes.md",
        "user.openai.json",
        "stray.mcp.json",
        "copied.ts",
        "keep.openai.json",
        "keep.mcp.json",
    ] {
        assert!(out.join(survivor).exists(), "{survivor} was removed");
    }
    // The manifest still knows `keep.openai.json` (another target of a
    // package in this build), so a later build without `keep` removes it.
    let report = driver::write_package_outputs(out, &[], &[], true).expect("write");
    assert_eq!(report.removed.len(), 2, "{:?}", report.removed);
    for survivor in [
        "notes.md",
        "user.openai.json",
        "stray.mcp.json",
        "copied.ts",
    ] {
        assert!(out.join(survivor).exists(), "{survivor} was removed");
    }
}

#[test]
fn without_a_manifest_a_build_deletes_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path();
    // A marked file in a directory toolc has never built into.
    fs::write(
        out.join("design.md"),
        format!("<!-- {GENERATED_MARKER} from design.tool; do not edit -->\n"),
    )
    .expect("marked file");
    let now = [file("other.mcp.json", "{}\n")];
    let report = driver::write_package_outputs(out, &now, &["other"], true).expect("write");
    assert!(report.removed.is_empty(), "{:?}", report.removed);
    assert!(out.join("design.md").exists());
    let manifest = fs::read_to_string(out.join(MANIFEST_NAME)).expect("manifest");
    assert!(!manifest.contains("design.md"), "{manifest}");
}

#[test]
fn missing_path_is_a_usage_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("out");
    let result = toolc(&[
        "build",
        "no/such/file.tool",
        "--target",
        "mcp",
        "--out",
        out.to_str().expect("utf8"),
    ]);
    assert_eq!(result.status.code(), Some(2));
}

#[test]
fn an_unknown_target_is_a_usage_error_with_a_guess() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("a.tool");
    std::fs::write(&input, "/// Get it.\ntool get_it() -> bool;\n").expect("write");
    let out = dir.path().join("out");
    let build = |target: &str| {
        let result = toolc(&[
            "build",
            input.to_str().expect("utf8"),
            "--target",
            target,
            "--out",
            out.to_str().expect("utf8"),
        ]);
        assert_eq!(result.status.code(), Some(2), "{target}");
        assert!(!out.exists(), "{target}: nothing is written");
        String::from_utf8_lossy(&result.stderr).into_owned()
    };
    let typo = build("mcp,opnai");
    assert!(typo.contains("unknown target `opnai`"), "{typo}");
    assert!(typo.contains("did you mean `openai`?"), "{typo}");
    let unknown = build("zz");
    assert!(unknown.contains("unknown target `zz`"), "{unknown}");
    assert!(!unknown.contains("did you mean"), "{unknown}");
}

#[test]
fn unwritable_out_is_a_usage_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let blocker = dir.path().join("file");
    fs::write(&blocker, "not a directory").expect("write");
    let input = "tests/cases/targets/basics/input.tool";
    for out in [blocker.clone(), blocker.join("below")] {
        let result = toolc(&[
            "build",
            input,
            "--target",
            "mcp",
            "--out",
            out.to_str().expect("utf8"),
        ]);
        assert_eq!(
            result.status.code(),
            Some(2),
            "{}",
            String::from_utf8_lossy(&result.stderr)
        );
    }
}

#[test]
fn input_errors_exit_with_1_and_write_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("broken.tool");
    fs::write(&input, "tool broken(x: ) -> ;\n").expect("write");
    let out = dir.path().join("out");
    let result = toolc(&[
        "build",
        input.to_str().expect("utf8"),
        "--target",
        "mcp,openai",
        "--out",
        out.to_str().expect("utf8"),
    ]);
    assert_eq!(
        result.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&result.stderr)
    );
    assert!(!out.join("broken.mcp.json").exists());
}

#[test]
fn a_generation_error_leaves_the_output_directory_as_it_was() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("out");
    let out_s = out.to_str().expect("utf8");
    let build = |templates: Option<&Path>| {
        let mut args = vec![
            "build",
            "tests/cases/targets",
            "--target",
            "mcp,markdown",
            "--out",
            out_s,
        ];
        if let Some(t) = templates {
            args.extend(["--templates", t.to_str().expect("utf8")]);
        }
        toolc(&args)
    };
    assert_eq!(build(None).status.code(), Some(0));
    let before = snapshot_dir(&out);

    // A template that renders the first packages and fails on a later one:
    // the earlier packages' files were staged by then, and must not land.
    let templates = dir.path().join("templates");
    fs::create_dir_all(templates.join("markdown")).expect("mkdir");
    fs::write(
        templates.join("markdown/package.md.j2"),
        "changed {{ package }}\n{% if package == \"shapes\" %}{{ no_such_function() }}{% endif %}",
    )
    .expect("template");
    let failed = build(Some(&templates));
    let stderr = String::from_utf8_lossy(&failed.stderr);
    assert_eq!(failed.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("E0401"), "{stderr}");
    let after = snapshot_dir(&out);
    let names = |d: &[(String, Vec<u8>, std::time::SystemTime)]| -> Vec<String> {
        d.iter().map(|(n, _, _)| n.clone()).collect()
    };
    assert!(
        after == before,
        "a failed build changed the output directory: {:?} became {:?}",
        names(&before),
        names(&after)
    );

    // The same into a directory that did not exist: it still does not.
    let fresh = dir.path().join("new/out");
    let mut args = vec!["build", "tests/cases/targets", "--target", "markdown"];
    let fresh_s = fresh.to_str().expect("utf8");
    let templates_s = templates.to_str().expect("utf8");
    args.extend(["--out", fresh_s, "--templates", templates_s]);
    assert_eq!(toolc(&args).status.code(), Some(1));
    assert!(!dir.path().join("new").exists());
}

#[test]
fn build_is_deterministic_and_idempotent() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("out");
    let out_s = out.to_str().expect("utf8");
    let args = [
        "build",
        "tests/cases/targets",
        "--target",
        "mcp,openai,anthropic,json-schema,markdown",
        "--out",
        out_s,
    ];
    let first = toolc(&args);
    assert_eq!(
        first.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let before = snapshot_dir(&out);
    assert!(
        before.iter().any(|(n, _, _)| n == "design.mcp.json"),
        "{:?}",
        before.iter().map(|b| &b.0).collect::<Vec<_>>()
    );
    fs::write(out.join("notes.md"), "mine\n").expect("user file");
    std::thread::sleep(std::time::Duration::from_millis(20));
    let second = toolc(&args);
    assert_eq!(second.status.code(), Some(0));
    let mut after = snapshot_dir(&out);
    after.retain(|(n, _, _)| n != "notes.md");
    assert_eq!(
        before, after,
        "bytes or mtimes changed on an unchanged rebuild"
    );
    assert!(out.join("notes.md").exists());

    // Building one package into the same directory leaves the others'
    // alone: their sources still exist and are not inputs of this build.
    let third = toolc(&[
        "build",
        "tests/cases/targets/basics/input.tool",
        "--target",
        "mcp",
        "--out",
        out_s,
    ]);
    assert_eq!(third.status.code(), Some(0));
    assert!(out.join("design.mcp.json").exists() && out.join("design.openai.json").exists());
    assert!(out.join("shapes.mcp.json").exists() && out.join("shapes.openai.json").exists());
    assert!(out.join("notes.md").exists());
}
