//! Long chains of types: a diagnostic past the depth limit, a build at it.

use super::*;

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
        ("arrays.tool", arrays, "struct `S4978`"),
        ("aliases.tool", aliases, "type `A4935`"),
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

/// Just inside the type-depth limit (the tool's parameter list is the 64th
/// level): every target builds, on the default stacks. The structs hold each
/// other inside arrays of arrays (three type levels, four JSON levels a
/// struct), so the JSON stays within what serde_json reads; a plain chain of
/// structs that long (`struct_chain(63)`) nests too deep as JSON, which
/// `tests/it/json_depth.rs` covers.
#[test]
fn type_chain_at_the_limit_builds_for_every_target() {
    let len = 21;
    let mut s = String::from("package chain;\n");
    for i in 0..len {
        let inner = if i + 1 < len {
            format!("n?: [[S{}]]", i + 1)
        } else {
            "v: [[string]]".into()
        };
        s.push_str(&format!(
            "/// Level {i}.\nstruct S{i} {{ /// Next.\n {inner} }}\n"
        ));
    }
    s.push_str("/// Read the chain.\ntool get_chain(/// The chain.\n a: S0) -> S0;\n");
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("chain.tool");
    std::fs::write(&path, &s).expect("write");
    let (code, stdout) = build_all(&path, &dir.path().join("out"));
    assert_eq!(code, Some(0), "stdout:\n{stdout}");
    assert!(!stdout.contains("\"E0003\""), "stdout:\n{stdout}");
    // One more level is over the type-depth limit.
    let over = s.replace("v: [[string]]", "v: [[[string]]]");
    std::fs::write(&path, over).expect("write");
    let (code, stdout) = build_all(&path, &dir.path().join("out"));
    assert_eq!(code, Some(1), "stdout:\n{stdout}");
    assert!(
        stdout.contains("tool `get_chain` nests 65 levels deep when its types are written out"),
        "stdout:\n{stdout}"
    );
}
