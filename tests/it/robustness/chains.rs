//! Long chains of types: a diagnostic past the depth limit, a build at it.

use super::*;
use common::cli::toolc;

/// `struct S0 { n?: S1 } struct S1 { n?: S2 } ...`: `len` structs, each
/// holding the next, used by one tool.
fn struct_chain(len: usize) -> String {
    let mut s = String::from("package chain;\n");
    for i in 0..len {
        if i + 1 < len {
            s.push_str(&format!(
                "/// Level {i}.\nstruct S{i} {{ /// Next.\n n?: S{} }}\n",
                i + 1
            ));
        } else {
            s.push_str(&format!(
                "/// Level {i}.\nstruct S{i} {{ /// Value.\n v: string }}\n"
            ));
        }
    }
    s.push_str("/// Read the chain.\ntool get_chain(/// The chain.\n a: S0) -> S0;\n");
    s
}

/// Named types that are not recursive are written out in place, so a long
/// chain of them nests as deep as it is long: that is E0003, for every
/// target, and never a stack overflow in a generator.
#[test]
fn long_type_chain_is_a_diagnostic_for_every_target() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("chain.tool");
    std::fs::write(&path, struct_chain(2_000)).expect("write");
    let (code, stdout) = build_all(&path, &dir.path().join("out"));
    assert_eq!(code, Some(1), "stdout:\n{stdout}");
    assert!(stdout.contains("\"E0003\""), "stdout:\n{stdout}");
    assert_eq!(stdout.lines().count(), 1, "one diagnostic: {stdout}");
}

/// Chains that cross the limit several levels at a time (each struct holds
/// the next in an array of arrays) or through aliases alone (each alias an
/// array of the next) are E0003 too, reported once where they cross it, and
/// never a stack overflow in a check or a generator.
#[test]
fn chains_crossing_the_limit_in_steps_are_a_diagnostic() {
    let len = 5_000;
    let mut arrays = String::from("package chain;\n");
    let mut aliases = String::from("package chain;\n");
    // The type after level `i`: the next level, or `string` at the end.
    let next = |prefix: &str, i: usize| {
        if i + 1 < len {
            format!("{prefix}{}", i + 1)
        } else {
            "string".to_string()
        }
    };
    for i in 0..len {
        let s = next("S", i);
        arrays.push_str(&format!(
            "/// Level {i}.\nstruct S{i} {{ /// Next.\n n?: [[{s}]] }}\n"
        ));
        let a = next("A", i);
        aliases.push_str(&format!("/// Level {i}.\ntype A{i} = [{a}];\n"));
    }
    arrays.push_str("/// Read the chain.\ntool get_chain(/// The chain.\n a: S0);\n");
    aliases.push_str("/// Read the chain.\ntool get_chain(/// The chain.\n a: A0);\n");
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, text, at) in [
        // Four JSON levels a struct, five for the last: S4999-31 is the
        // first past 127; one level an alias, two for the last: A4999-126.
        ("arrays.tool", arrays, "struct `S4968`"),
        ("aliases.tool", aliases, "type `A4873`"),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, text).expect("write");
        let (code, stdout) = build_all(&path, &dir.path().join("out"));
        assert_eq!(code, Some(1), "{name}: stdout:\n{stdout}");
        assert_eq!(
            stdout.lines().count(),
            1,
            "{name}: one diagnostic: {stdout}"
        );
        assert!(stdout.contains("\"E0003\""), "{name}: stdout:\n{stdout}");
        assert!(stdout.contains(at), "{name}: stdout:\n{stdout}");
    }
}

/// `type A0 = [A1]; ... type A{n-1} = [string];` taken and returned by
/// one tool.
fn array_chain(n: usize) -> String {
    let mut s = String::from("package chain;\n");
    for i in 0..n {
        let next = if i + 1 < n {
            format!("A{}", i + 1)
        } else {
            "string".into()
        };
        s.push_str(&format!("/// Level {i}.\ntype A{i} = [{next}];\n"));
    }
    s.push_str("/// Read the chain.\ntool get_chain(/// The chain.\n a: A0) -> A0;\n");
    s
}

/// At the limit: the deepest nesting of types (an array a JSON level, 121
/// arrays: the MCP document nests 127 levels) and the longest chain of
/// aliases (127) build for every target, on the default stacks, and the
/// dispatchers' tables check the innermost level. One array more is E0003.
#[test]
fn chains_at_the_limit_build_for_every_target() {
    let mut aliases = String::from("package chain;\n");
    for i in 0..126 {
        aliases.push_str(&format!("/// Link {i}.\ntype L{i} = L{};\n", i + 1));
    }
    aliases.push_str(
        "/// The end.\ntype L126 = string;\n\
         /// Read the chain.\ntool get_chain(/// The chain.\n a: L0 | int) -> L0;\n",
    );
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("chain.tool");
    for (what, text) in [("arrays", array_chain(121)), ("aliases", aliases)] {
        std::fs::write(&path, &text).expect("write");
        let (code, stdout) = build_all(&path, &dir.path().join("out"));
        assert_eq!(code, Some(0), "{what}: stdout:\n{stdout}");
        assert!(!stdout.contains("\"E0003\""), "{what}: stdout:\n{stdout}");
    }
    let innermost = |v: &str| format!("{{\"a\": {}{v}{}}}", "[".repeat(121), "]".repeat(121));
    std::fs::write(&path, array_chain(121)).expect("write");
    let path_arg = path.to_str().expect("a UTF-8 path");
    let (code, _, _) = toolc(&["validate", path_arg, "get_chain", &innermost("\"x\"")]);
    assert_eq!(code, 0);
    let (code, stdout, stderr) = toolc(&["validate", path_arg, "get_chain", &innermost("1")]);
    assert_ne!(code, 0);
    assert!(
        stdout.contains("expected a string, got an integer"),
        "stdout:\n{stdout}\nstderr:\n{stderr}"
    );
    std::fs::write(&path, array_chain(122)).expect("write");
    let (code, stdout) = build_all(&path, &dir.path().join("out"));
    assert_eq!(code, Some(1), "stdout:\n{stdout}");
    assert!(
        stdout.contains(
            "tool `get_chain` nests 128 levels deep in `chain.mcp.json`, more than the 127 \
             serde_json reads"
        ),
        "stdout:\n{stdout}"
    );
}
