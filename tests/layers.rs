//! The layers of `src/` point one way: syntax -> ir -> check / schema ->
//! targets -> driver -> cli and build API. This test reads every source file
//! and fails, naming the file and line, when a module uses one it must not,
//! or when anything but the command line and the build-script API reads the
//! environment.
//!
//! Paths are found in `use` trees (`use crate::{a, b::c}`) and written out
//! in code (`crate::targets::Target::Rust`, `super::super::targets::x`);
//! relative paths are resolved from the module a file (or an inline `mod`
//! in it) is, so that `super::` chains cannot hide a dependency. Comments and
//! string literals are not code and are skipped.

use std::path::{Path, PathBuf};

/// Which top-level modules of the crate each layer must not use.
const RULES: &[(&str, &[&str])] = &[
    ("check", &["targets"]),
    ("targets", &["check"]),
    ("ir", &["check", "targets", "driver", "config"]),
    ("syntax", &["check", "targets", "driver", "config"]),
    ("schema", &["check", "targets"]),
];

/// The only modules that read environment variables: the front ends.
const ENV_READERS: &[&str] = &["cli", "config", "main"];

/// The functions of `std::env` that read variables.
const ENV_READS: &[&str] = &["var", "var_os", "vars", "vars_os"];

#[test]
fn layers_point_one_way() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = rust_files(&root);
    assert!(files.len() > 100, "only {} files under src/", files.len());
    let texts: Vec<String> = files
        .iter()
        .map(|f| std::fs::read_to_string(f).expect("read a source file"))
        .collect();
    let included = included_by_path(&root, &files, &texts);
    let mut problems = Vec::new();
    for (file, text) in files.iter().zip(&texts) {
        let relative = file.strip_prefix(&root).expect("under src/");
        let module = included
            .iter()
            .find(|(path, _)| path == file)
            .map_or_else(|| module_by_place(relative), |(_, m)| m.clone());
        let name = format!("src/{}", relative.display());
        problems.extend(violations(&name, &module, text));
    }
    assert!(
        problems.is_empty(),
        "layer rules broken:\n{}",
        problems.join("\n")
    );
}

#[test]
fn use_trees_and_written_paths_are_both_found() {
    let broken = "use crate::{diagnostics, targets::Target};\n";
    assert_eq!(
        violations("src/check/x.rs", &module(&["check", "x"]), broken),
        ["src/check/x.rs:1: module `check::x` uses `crate::targets::Target`"]
    );
    let written = "fn f() {\n    let t = crate::check::strict_blockers(p, t);\n}\n";
    assert_eq!(
        violations("src/targets/x.rs", &module(&["targets", "x"]), written),
        ["src/targets/x.rs:2: module `targets::x` uses `crate::check::strict_blockers`"]
    );
}

#[test]
fn relative_paths_resolve_from_the_module_they_are_in() {
    let file = "mod tests {\n    use super::super::super::targets::Target;\n}\n";
    assert_eq!(
        violations("src/check/x.rs", &module(&["check", "x"]), file),
        ["src/check/x.rs:2: module `check::x::tests` uses `crate::targets::Target`"]
    );
    // Within its own layer a relative path is fine.
    let own = "use super::super::json_common::tools_file;\nuse super::Target;\n";
    let targets = module(&["targets", "rust", "x"]);
    assert!(violations("src/targets/rust/x.rs", &targets, own).is_empty());
}

#[test]
fn environment_reads_are_found_outside_the_front_ends() {
    let file = "use std::env;\n// env::var(\"NOT_CODE\")\nfn f() { env::var_os(\"HOME\"); }\n";
    assert_eq!(
        violations("src/ir/x.rs", &module(&["ir", "x"]), file),
        ["src/ir/x.rs:3: module `ir::x` reads the environment (`env::var_os`)"]
    );
    assert!(violations("src/config.rs", &module(&["config"]), file).is_empty());
    let imported = "use std::env::{var, current_dir};\n";
    assert_eq!(
        violations("src/schema/x.rs", &module(&["schema", "x"]), imported),
        ["src/schema/x.rs:1: module `schema::x` reads the environment (`std::env::var`)"]
    );
}

#[test]
fn comments_and_strings_are_not_code() {
    let file = "//! See [`crate::targets`].\n/* crate::targets::x */\nconst S: &str = \"crate::targets::x\";\nconst R: &str = r#\"crate::targets\"#;\nfn f<'a>(c: char) -> bool { c == '\"' }\n";
    assert!(violations("src/check/x.rs", &module(&["check", "x"]), file).is_empty());
}

fn module(segments: &[&str]) -> Vec<String> {
    segments.iter().map(|s| s.to_string()).collect()
}

/// Every problem in one file, as `file:line: what`.
fn violations(name: &str, module: &[String], text: &str) -> Vec<String> {
    let code = strip_comments_and_strings(text);
    let line_of = |offset: usize| 1 + code[..offset].matches('\n').count();
    let layer = module.first().map(String::as_str).unwrap_or_default();
    let forbidden: &[&str] = RULES
        .iter()
        .find(|(l, _)| *l == layer)
        .map_or(&[], |(_, f)| f);
    let mut out = Vec::new();
    for found in paths(&code, module) {
        let here = found.module.join("::");
        if let Some(absolute) = resolve(&found.module, &found.segments) {
            let top = absolute.first().map(String::as_str).unwrap_or_default();
            if forbidden.contains(&top) {
                out.push(format!(
                    "{name}:{}: module `{here}` uses `crate::{}`",
                    line_of(found.offset),
                    absolute.join("::")
                ));
                continue;
            }
        }
        let reads_env = found
            .segments
            .windows(2)
            .any(|w| w[0] == "env" && ENV_READS.contains(&w[1].as_str()));
        if reads_env && !ENV_READERS.contains(&layer) {
            out.push(format!(
                "{name}:{}: module `{here}` reads the environment (`{}`)",
                line_of(found.offset),
                found.segments.join("::")
            ));
        }
    }
    out
}

/// A path in the code, with the module it is written in.
struct Found {
    offset: usize,
    module: Vec<String>,
    segments: Vec<String>,
}

/// The absolute path (below the crate root) of `segments` written in
/// `module`, when it starts with `crate`, `self` or `super`.
fn resolve(module: &[String], segments: &[String]) -> Option<Vec<String>> {
    let mut base: Vec<String> = match segments.first()?.as_str() {
        "crate" => Vec::new(),
        "self" | "super" => module.to_vec(),
        _ => return None,
    };
    let mut rest = segments.iter().skip(usize::from(segments[0] == "crate"));
    let mut next = rest.next();
    while let Some(s) = next.filter(|s| *s == "self" || *s == "super") {
        if s == "super" {
            base.pop()?;
        }
        next = rest.next();
    }
    base.extend(next.into_iter().chain(rest).cloned());
    Some(base)
}

/// Every path of `code` (comments and strings blanked), expanded from `use`
/// trees or as written, with the module (inline `mod`s included) it is in.
fn paths(code: &str, file_module: &[String]) -> Vec<Found> {
    let bytes = code.as_bytes();
    let mut out = Vec::new();
    // Inline modules open at a brace depth: (depth inside, name).
    let mut inline: Vec<(usize, String)> = Vec::new();
    let mut depth = 0;
    let mut pending_mod: Option<String> = None;
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'{' {
            depth += 1;
            if let Some(name) = pending_mod.take() {
                inline.push((depth, name));
            }
            i += 1;
            continue;
        }
        if c == b'}' {
            if inline.last().is_some_and(|(d, _)| *d == depth) {
                inline.pop();
            }
            depth = depth.saturating_sub(1);
            i += 1;
            continue;
        }
        if c == b';' {
            pending_mod = None;
        }
        if !is_ident_start(c) || (i > 0 && is_ident(bytes[i - 1])) {
            i += 1;
            continue;
        }
        let word = ident_at(code, i);
        let module: Vec<String> = file_module
            .iter()
            .cloned()
            .chain(inline.iter().map(|(_, n)| n.clone()))
            .collect();
        if word == "mod" {
            let after = skip_space(code, i + 3);
            pending_mod = Some(ident_at(code, after).to_string());
            i = after;
        } else if word == "use" {
            let end = code[i..].find(';').map_or(code.len(), |e| i + e);
            for (offset, segments) in expand_use(code, i + 3, end, &[]) {
                out.push(Found {
                    offset,
                    module: module.clone(),
                    segments,
                });
            }
            i = end;
        } else {
            let (segments, end) = written_path(code, i);
            if segments.len() > 1 {
                out.push(Found {
                    offset: i,
                    module,
                    segments,
                });
            }
            i = end;
        }
    }
    out
}

/// `a::b::c` starting at `start`, and where it ends.
fn written_path(code: &str, start: usize) -> (Vec<String>, usize) {
    let mut segments = Vec::new();
    let mut i = start;
    loop {
        let word = ident_at(code, i);
        segments.push(word.to_string());
        i += word.len();
        let after = skip_space(code, i);
        if code[after..].starts_with("::") {
            let next = skip_space(code, after + 2);
            if next < code.len() && is_ident_start(code.as_bytes()[next]) {
                i = next;
                continue;
            }
        }
        return (segments, i);
    }
}

/// The leaves of the use tree in `code[start..end]`, each with its offset,
/// under `prefix`.
fn expand_use(
    code: &str,
    start: usize,
    end: usize,
    prefix: &[String],
) -> Vec<(usize, Vec<String>)> {
    let mut out = Vec::new();
    for (at, item) in split_top_level(code, start, end) {
        let mut segments = prefix.to_vec();
        let mut i = skip_space(code, at);
        let item_end = at + item.len();
        loop {
            if i >= item_end {
                break;
            }
            if code.as_bytes()[i] == b'{' {
                let close = matching_brace(code, i).min(item_end);
                out.extend(expand_use(code, i + 1, close, &segments));
                segments.clear();
                break;
            }
            let word = ident_at(code, i);
            if word.is_empty() || word == "as" {
                break;
            }
            if word != "self" || segments.is_empty() {
                segments.push(word.to_string());
            }
            i = skip_space(code, i + word.len());
            if code[i..item_end].starts_with("::") {
                i = skip_space(code, i + 2);
            } else {
                break;
            }
        }
        if !segments.is_empty() {
            out.push((skip_space(code, at), segments));
        }
    }
    out
}

/// The comma-separated items of `code[start..end]` outside braces.
fn split_top_level(code: &str, start: usize, end: usize) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let (mut depth, mut from) = (0, start);
    for (i, c) in code[start..end].char_indices().map(|(i, c)| (start + i, c)) {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push((from, &code[from..i]));
                from = i + 1;
            }
            _ => {}
        }
    }
    out.push((from, &code[from..end]));
    out
}

fn matching_brace(code: &str, open: usize) -> usize {
    let mut depth = 0;
    for (i, c) in code[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return open + i;
                }
            }
            _ => {}
        }
    }
    code.len()
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

fn ident_at(code: &str, at: usize) -> &str {
    let len = code.as_bytes()[at.min(code.len())..]
        .iter()
        .take_while(|&&c| is_ident(c))
        .count();
    &code[at..at + len]
}

fn skip_space(code: &str, at: usize) -> usize {
    at + code.as_bytes()[at.min(code.len())..]
        .iter()
        .take_while(|c| c.is_ascii_whitespace())
        .count()
}

/// `text` with comments, string and character literals replaced by spaces
/// (newlines kept, so offsets and lines stay where they were).
fn strip_comments_and_strings(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let blank_into = |out: &mut String, cs: &[char]| {
        for &c in cs {
            for _ in 0..c.len_utf8() {
                out.push(blank(c));
            }
        }
    };
    let mut i = 0;
    while i < chars.len() {
        let rest = &chars[i..];
        let end = if rest.starts_with(&['/', '/']) {
            i + rest.iter().position(|&c| c == '\n').unwrap_or(rest.len())
        } else if rest.starts_with(&['/', '*']) {
            i + 2 + block_comment_len(&rest[2..])
        } else if rest[0] == 'r' && raw_string_hashes(rest).is_some() {
            let hashes = raw_string_hashes(rest).unwrap_or(0);
            let close: Vec<char> = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            let body = 2 + hashes;
            let found = rest[body..]
                .windows(close.len())
                .position(|w| w == close.as_slice());
            i + body + found.map_or(rest.len() - body, |p| p + close.len())
        } else if rest[0] == '"' {
            i + 1 + quoted_len(&rest[1..], '"')
        } else if rest[0] == '\'' && is_char_literal(rest) {
            i + 1 + quoted_len(&rest[1..], '\'')
        } else {
            out.push(rest[0]);
            i += 1;
            continue;
        };
        let end = end.min(chars.len());
        blank_into(&mut out, &chars[i..end]);
        i = end;
    }
    out
}

fn block_comment_len(rest: &[char]) -> usize {
    let mut depth = 1;
    let mut i = 0;
    while i < rest.len() {
        if rest[i..].starts_with(&['*', '/']) {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else if rest[i..].starts_with(&['/', '*']) {
            depth += 1;
            i += 2;
        } else {
            i += 1;
        }
    }
    rest.len()
}

/// `r"`, `r#"`...: how many `#`.
fn raw_string_hashes(rest: &[char]) -> Option<usize> {
    let hashes = rest[1..].iter().take_while(|&&c| c == '#').count();
    (rest.get(1 + hashes) == Some(&'"')).then_some(hashes)
}

/// The length of a literal's body and closing quote, escapes included.
fn quoted_len(rest: &[char], quote: char) -> usize {
    let mut i = 0;
    while i < rest.len() {
        match rest[i] {
            '\\' => i += 2,
            c if c == quote => return i + 1,
            _ => i += 1,
        }
    }
    rest.len()
}

/// `'a'` or `'\n'`, not a lifetime `'a`.
fn is_char_literal(rest: &[char]) -> bool {
    match rest.get(1) {
        Some('\\') => true,
        Some(_) => rest.get(2) == Some(&'\''),
        None => false,
    }
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("read src/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}

/// The files `#[path]` attributes include, with the module each becomes
/// (`check/json_depth_tests.rs` is `check::json_depth::tests`).
fn included_by_path(
    root: &Path,
    files: &[PathBuf],
    texts: &[String],
) -> Vec<(PathBuf, Vec<String>)> {
    let mut out = Vec::new();
    for (file, text) in files.iter().zip(texts) {
        let dir = file.parent().unwrap_or(root);
        for (target, name) in path_attributes(text) {
            let mut module = module_by_place(file.strip_prefix(root).expect("under src/"));
            module.push(name);
            out.push((dir.join(target), module));
        }
    }
    out
}

/// The module a file under `src/` is by its place: `check/mod.rs` is
/// `check`, `check/strict.rs` is `check::strict`; the binary's `main.rs` is
/// `main`.
fn module_by_place(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// `#[path = "file.rs"] mod name;` declarations: (file, name).
fn path_attributes(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("#[path = \"") {
        let after = &rest[at + 10..];
        let Some(close) = after.find('"') else { break };
        let target = after[..close].to_string();
        let tail = &after[close..];
        if let Some(m) = tail.find("mod ") {
            let name: String = tail[m + 4..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            out.push((target, name));
        }
        rest = tail;
    }
    out
}
