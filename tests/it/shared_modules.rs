//! A file without tools that packages `use` (`examples/common/types.tool`)
//! is one module of types in each code language, which the packages import:
//! `ci` and `filesystem` share one `TextMatch`, so a value of one package's
//! field is a value of the other's (in Rust, TypeScript and Python).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{node, python};
use crate::rust_common::gen_crate;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `toolc build examples/ci.tool examples/filesystem.tool` for `targets`
/// into `out`.
fn build(targets: &str, out: &Path) {
    let output = Command::new(env!("CARGO_BIN_EXE_toolc"))
        .args(["build", "examples/ci.tool", "examples/filesystem.tool"])
        .args(["--target", targets, "--out"])
        .arg(out)
        .current_dir(root())
        .output()
        .unwrap_or_else(|e| panic!("cannot run toolc: {e}"));
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn ci_and_filesystem_share_one_rust_text_match() {
    let out = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    build("rust", out.path());
    let common = read(out.path(), "common.rs");
    assert!(common.contains("pub struct TextMatch {"), "{common}");
    for package in ["ci", "filesystem"] {
        let code = read(out.path(), &format!("{package}.rs"));
        assert!(
            !code.contains("pub struct TextMatch"),
            "{package}.rs declares it"
        );
        assert!(
            code.contains("Vec<super::common::TextMatch>"),
            "{package}.rs"
        );
    }
    // Included as the files' headers say, a match `ci` found is one
    // `filesystem` reports: this compiles only if the two fields have one type.
    let dir = gen_crate::write_manifest("toolc-shared-types");
    for name in ["ci", "filesystem", "common"] {
        let code = read(out.path(), &format!("{name}.rs"));
        gen_crate::write_if_changed(&dir.join(format!("src/gen/{name}.rs")), &code);
    }
    let lib = r#"#![deny(warnings)]
#[allow(dead_code)]
pub mod ci {
    include!("gen/ci.rs");
}
#[allow(dead_code)]
pub mod filesystem {
    include!("gen/filesystem.rs");
}
#[allow(dead_code)]
pub mod common {
    include!("gen/common.rs");
}

/// `ci`'s search results as `filesystem`'s.
pub fn forward(found: ci::SearchResults, files_searched: i64) -> filesystem::FileSearchResults {
    filesystem::FileSearchResults {
        matches: found.matches,
        files_searched,
        truncated: found.truncated,
    }
}

/// One value, of the one type both name.
pub fn both(m: common::TextMatch) -> (ci::SearchResults, filesystem::FileSearchResults) {
    let found = ci::SearchResults { matches: vec![m], truncated: false };
    (found.clone(), forward(found, 1))
}
"#;
    gen_crate::write_if_changed(&dir.join("src/lib.rs"), lib);
    gen_crate::cargo(
        &dir,
        &["clippy", "--quiet", "--lib", "--", "-D", "warnings"],
    );
}

#[test]
fn ci_and_filesystem_share_one_typescript_text_match() {
    let out = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    build("typescript", out.path());
    let common = read(out.path(), "common.ts");
    assert!(common.contains("export interface TextMatch {"), "{common}");
    assert!(common.contains("\"common.TextMatch\": {"), "{common}");
    for package in ["ci", "filesystem"] {
        let code = read(out.path(), &format!("{package}.ts"));
        assert!(
            !code.contains("interface TextMatch"),
            "{package}.ts declares it"
        );
        let import = code
            .lines()
            .find(|l| l.ends_with("from \"./common.js\";"))
            .unwrap_or_else(|| panic!("{package}.ts does not import common.js"));
        assert!(import.contains(", type TextMatch"), "{import}");
        assert!(code.contains("...commonTypes,"), "{package}.ts");
        // The table refers to the module's entry and holds none of its own.
        assert!(
            code.contains("\"name\": \"common.TextMatch\""),
            "{package}.ts"
        );
        assert!(!code.contains("\"TextMatch\": {"), "{package}.ts");
    }
    let Some(node_dir) = node::node_packages() else {
        return;
    };
    // Under the Node packages' folder, where `tsc` finds their types.
    let dir = node_dir.join("work").join("shared-modules");
    let _ = std::fs::remove_dir_all(&dir);
    build("typescript", &dir);
    // A match one package's search returns passes the other's validator
    // through the table it takes from `common.ts`.
    let check = r#"import type { TextMatch } from "./common.js";
import { TOOLS as ciTools, type SearchResults } from "./ci.js";
import { TOOLS as fsTools, type FileSearchResults } from "./filesystem.js";
import { validateValueIn, type AnyToolDef } from "./toolc-runtime.js";

const m: TextMatch = { path: "src/a.rs", line: 3, column: 1, text: "fn a()" };
const found: SearchResults = { matches: [m], truncated: false };
const results: FileSearchResults = { matches: found.matches, files_searched: 1, truncated: false };

/** The tool's output check accepts `good` and rejects `bad` at `path`. */
function check(tool: AnyToolDef, good: unknown, bad: unknown, path: string): void {
  if (tool.output === undefined) throw new Error(`${tool.name} has no output`);
  const ok = validateValueIn(tool.types, tool.output, good);
  if (!ok.ok) throw new Error(`${tool.name}: ${JSON.stringify(ok.error)}`);
  const no = validateValueIn(tool.types, tool.output, bad);
  if (no.ok || no.error.path !== path) throw new Error(`${tool.name} took ${JSON.stringify(bad)}`);
}
const zero = [{ ...m, line: 0 }];
check(ciTools.search_code, found, { ...found, matches: zero }, "/matches/0/line");
check(fsTools.search_files, results, { ...results, matches: zero }, "/matches/0/line");
console.log(JSON.stringify(results.matches));
"#;
    std::fs::write(dir.join("check.ts"), check).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        dir.join("package.json"),
        "{\"name\":\"shared\",\"private\":true,\"type\":\"module\"}\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.join("tsconfig.json"), node::tsconfig("*.ts"))
        .unwrap_or_else(|e| panic!("{e}"));
    node::run(&node_dir, &dir, "tsc", &["-p", "."]).unwrap_or_else(|e| panic!("tsc: {e}"));
    let printed = node::run(&node_dir, &dir, "node", &["dist/check.js"])
        .unwrap_or_else(|e| panic!("node: {e}"));
    assert!(printed.contains("\"src/a.rs\""), "{printed}");
}

#[test]
fn ci_and_filesystem_share_one_python_text_match() {
    let out = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    build("python", out.path());
    let common = read(out.path(), "common.py");
    assert!(common.contains("class TextMatch(_Model):"), "{common}");
    assert!(common.contains("\"common.TextMatch\": {"), "{common}");
    for package in ["ci", "filesystem"] {
        let code = read(out.path(), &format!("{package}.py"));
        assert!(
            !code.contains("class TextMatch"),
            "{package}.py declares it"
        );
        let import = code
            .lines()
            .find(|l| l.starts_with("from common import "))
            .unwrap_or_else(|| panic!("{package}.py does not import common"));
        assert!(import.contains(" TextMatch,"), "{import}");
        assert!(
            import.ends_with(", TYPE_TABLE as _COMMON_TYPES"),
            "{import}"
        );
        assert!(code.contains("    **_COMMON_TYPES,\n"), "{package}.py");
        assert!(
            code.contains("\"name\": \"common.TextMatch\""),
            "{package}.py"
        );
        assert!(!code.contains("\"TextMatch\": {"), "{package}.py");
    }
    let Some(python) = python::venv_with_runtime(&[]) else {
        return;
    };
    // A match built from `common` is one both packages' models take as it
    // is, and both packages' output checks, through the table each takes
    // from `common.py`, accept it and refuse the same bad line.
    let check = r#"
import ci, common, filesystem
from toolc_runtime import validate_value

m = common.TextMatch(path="src/a.rs", line=3, column=1, text="fn a()")
found = ci.SearchResults(matches=[m], truncated=False)
results = filesystem.FileSearchResults(matches=found.matches, files_searched=1, truncated=False)
assert ci.TextMatch is common.TextMatch is filesystem.TextMatch
assert results.matches[0] is m, results
for tool, value in ((ci.SEARCH_CODE, found), (filesystem.SEARCH_FILES, results)):
    output = tool.spec.get("output")
    assert output is not None, tool.name
    good = value.model_dump(mode="json")
    ok = validate_value(tool.types, output, good)
    assert ok["ok"], (tool.name, ok)
    bad = dict(good, matches=[dict(good["matches"][0], line=0)])
    no = validate_value(tool.types, output, bad)
    assert not no["ok"] and no["error"]["path"] == "/matches/0/line", (tool.name, no)
print(results.matches[0].path)
"#;
    let output = Command::new(python)
        .args(["-c", check])
        .current_dir(out.path())
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .unwrap_or_else(|e| panic!("cannot run python: {e}"));
    let printed = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && printed.contains("src/a.rs"),
        "{printed}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

const KEYWORD_MODULE: &str = "package match;\n\n/// An item.\nstruct Item {\n    /// Its id.\n    id: int,\n}\n\n/// Named like the arguments of a tool that uses it.\nstruct GetArgs {\n    /// A count.\n    n: int,\n}\n";

const USER: &str = "package alpha;\n\nuse \"shared.tool\";\n\n/// Get an item by the number it was stored under.\ntool get(\n    /// The number the item was stored under.\n    id: int,\n    /// Arguments named like the generated ones.\n    spec: GetArgs,\n) -> Item;\n";

/// A module named like a Rust keyword, whose type is named like the
/// arguments a package generates: both stay apart in both languages.
#[test]
fn a_module_named_like_a_keyword_with_a_name_the_package_also_makes() {
    let src = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    std::fs::write(src.path().join("shared.tool"), KEYWORD_MODULE)
        .unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(src.path().join("a.tool"), USER).unwrap_or_else(|e| panic!("{e}"));
    let out = src.path().join("out");
    let output = Command::new(env!("CARGO_BIN_EXE_toolc"))
        .arg("build")
        .arg(src.path().join("a.tool"))
        .args(["--target", "rust,typescript", "--out"])
        .arg(&out)
        .output()
        .unwrap_or_else(|e| panic!("cannot run toolc: {e}"));
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let rust = read(&out, "alpha.rs");
    assert!(rust.contains("mod r#match { include!("), "{rust}");
    assert!(
        rust.contains("pub spec: super::r#match::GetArgs,"),
        "{rust}"
    );
    let dir = gen_crate::write_manifest("toolc-shared-keyword");
    for name in ["alpha", "match"] {
        let code = read(&out, &format!("{name}.rs"));
        gen_crate::write_if_changed(&dir.join(format!("src/gen/{name}.rs")), &code);
    }
    let lib = r#"#![deny(warnings)]
#[allow(dead_code)]
pub mod alpha {
    include!("gen/alpha.rs");
}
pub mod r#match {
    include!("gen/match.rs");
}

/// The package's own arguments hold the module's type of the same name.
pub fn spec(args: alpha::GetArgs) -> r#match::GetArgs {
    args.spec
}
"#;
    gen_crate::write_if_changed(&dir.join("src/lib.rs"), lib);
    gen_crate::cargo(
        &dir,
        &["clippy", "--quiet", "--lib", "--", "-D", "warnings"],
    );
    let ts = read(&out, "alpha.ts");
    assert!(ts.contains("type GetArgs } from \"./match.js\";"), "{ts}");
    assert!(ts.contains("export interface GetArgs_ {"), "{ts}");
}

/// The same in Python: `match` is a soft keyword, so it names a module, and
/// the module's `GetArgs` keeps its name while the tool's arguments become
/// `GetArgs_`.
#[test]
fn python_imports_a_module_named_like_a_soft_keyword() {
    let src = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    std::fs::write(src.path().join("shared.tool"), KEYWORD_MODULE)
        .unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(src.path().join("a.tool"), USER).unwrap_or_else(|e| panic!("{e}"));
    let out = src.path().join("out");
    let output = Command::new(env!("CARGO_BIN_EXE_toolc"))
        .arg("build")
        .arg(src.path().join("a.tool"))
        .args(["--target", "python", "--out"])
        .arg(&out)
        .output()
        .unwrap_or_else(|e| panic!("cannot run toolc: {e}"));
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let code = read(&out, "alpha.py");
    let import = "from match import Item, GetArgs, TYPE_TABLE as _MATCH_TYPES\n";
    assert!(code.contains(import), "{code}");
    assert!(code.contains("class GetArgs_(_Model):"), "{code}");
    assert!(code.contains("    spec: GetArgs\n"), "{code}");
    let Some(python) = python::venv_with_runtime(&[]) else {
        return;
    };
    let check = "import alpha, match\nassert alpha.GET.spec['params']['spec']['type']['name'] == 'match.GetArgs'\nassert alpha.GetArgs_.model_fields['spec'].annotation is match.GetArgs\n";
    let output = Command::new(python)
        .args(["-c", check])
        .current_dir(&out)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .unwrap_or_else(|e| panic!("cannot run python: {e}"));
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}
