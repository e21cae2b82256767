//! E0003 through `check` on `.tool` sources: types, chains of aliases,
//! recursive types, defaults and examples at the limit and one level past
//! it; very deep input on a small stack.

use serde_json::json;

use super::LIMIT;
use crate::ir::Program;
use crate::schema::documents::{mcp::mcp_tool, tool_json_depths};

fn load(text: &str) -> Program {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("p.tool");
    std::fs::write(&path, text).expect("write");
    let loaded = crate::ir::load::load(&[path]).expect("load");
    assert!(
        !loaded.diagnostics.has_errors(),
        "{:?}",
        loaded
            .diagnostics
            .iter()
            .map(|d| &d.message)
            .collect::<Vec<_>>()
    );
    loaded.program
}

/// The messages of the E0003 and E0005 errors `check` reports.
fn errors(program: &Program) -> Vec<String> {
    let options = crate::check::CheckOptions::default();
    crate::check::run_all(program, &options, false)
        .into_iter()
        .filter(|d| matches!(d.code.as_str(), "E0003" | "E0005"))
        .map(|d| d.message)
        .collect()
}

/// `type A0 = [A1]; ... type A{n-1} = [string];`: `A0` nests `n + 1`
/// levels as JSON.
fn array_aliases(n: usize) -> String {
    let mut s = String::from("package p;\n");
    for i in 0..n {
        let next = if i + 1 < n {
            format!("A{}", i + 1)
        } else {
            "string".into()
        };
        s.push_str(&format!("type A{i} = [{next}];\n"));
    }
    s
}

#[test]
fn a_type_at_the_limit_passes_and_one_level_more_is_an_error() {
    assert_eq!(
        errors(&load(&array_aliases(LIMIT - 1))),
        Vec::<String>::new()
    );
    assert_eq!(
        errors(&load(&array_aliases(LIMIT))),
        [format!(
            "type `A0` nests at least {} levels deep as JSON once its named types are written \
             out, more than {LIMIT}",
            LIMIT + 1
        )]
    );
}

#[test]
fn a_chain_of_structs_is_reported_once_where_it_crosses_the_limit() {
    // `{"properties": {"n": ...}}`: two levels a struct, three for the last.
    let mut s = String::from("package p;\n");
    let n = 70;
    for i in 0..n - 1 {
        s.push_str(&format!("struct S{i} {{ n?: S{} }}\n", i + 1));
    }
    s.push_str(&format!("struct S{} {{ v: string }}\n", n - 1));
    s.push_str("tool get(a: S0);\n");
    // S{n-1-j} nests 3 + 2j levels: the first past 127 is j = 63.
    assert_eq!(
        errors(&load(&s)),
        [format!(
            "struct `S{}` nests at least 129 levels deep as JSON once its named types are \
             written out, more than {LIMIT}",
            n - 1 - 63
        )]
    );
}

/// `type A0 = A1; ... type A{n-1} = string;` and a tool taking `A0 | int`.
fn plain_aliases(n: usize) -> String {
    let mut s = String::from("package p;\n");
    for i in 0..n - 1 {
        s.push_str(&format!("type A{i} = A{};\n", i + 1));
    }
    s.push_str(&format!(
        "type A{} = string;\ntool t(a: A0 | int);\n",
        n - 1
    ));
    s
}

#[test]
fn a_chain_of_aliases_counts_one_level_a_link() {
    let program = load(&plain_aliases(LIMIT));
    assert_eq!(errors(&program), Vec::<String>::new());
    // Followed to its end: the union's members are both scalars.
    let tool = &program.packages["p"].tools["t"];
    assert_eq!(
        mcp_tool(&program, tool)["inputSchema"]["properties"]["a"],
        json!({"type": ["string", "integer"]})
    );
    assert_eq!(
        errors(&load(&plain_aliases(LIMIT + 1))),
        [format!(
            "type `A0` is written out through a chain of {} named types, more than {LIMIT}",
            LIMIT + 1
        )]
    );
}

#[test]
fn recursive_types_are_referenced_and_measured_on_their_own() {
    // A cycle of 1,000 structs: each is written once, under `$defs`.
    let n = 1_000;
    let mut s = String::from("package p;\n");
    for i in 0..n {
        s.push_str(&format!(
            "struct R{i} {{ next?: R{}, v: string }}\n",
            (i + 1) % n
        ));
    }
    s.push_str("tool t(r: R0);\n");
    assert_eq!(errors(&load(&s)), Vec::<String>::new());

    // A recursive struct's own definition nests like any other type:
    // `{"properties": {"deep": A0}}` is `A0` and two more levels.
    let node = |arrays: usize| array_aliases(arrays) + "struct Node { kids: [Node], deep?: A0 }\n";
    let within = load(&node(LIMIT - 3));
    assert_eq!(errors(&within), Vec::<String>::new());
    assert_eq!(
        errors(&load(&node(LIMIT - 2))),
        [format!(
            "struct `Node` nests at least {} levels deep as JSON once its named types are \
             written out, more than {LIMIT}",
            LIMIT + 1
        )]
    );
}

/// A tool taking a chain of 30 structs (60 JSON levels) whose last struct
/// has the field `field(value)`, `value` a JSON value `k` levels deep: no
/// error at the `k` where its deepest document nests exactly [`LIMIT`]
/// levels, one E0003 naming that document at one level more.
fn assert_boundary(field: impl Fn(String) -> String) {
    let text = |k: usize| {
        let value = format!("{}1{}", "[".repeat(k), "]".repeat(k));
        let mut s = String::from("package p;\n");
        for i in 0..29 {
            s.push_str(&format!("struct S{i} {{ n?: S{} }}\n", i + 1));
        }
        s.push_str(&format!(
            "struct S29 {{ {} }}\ntool t(a: S0);\n",
            field(value)
        ));
        s
    };
    let deepest = |program: &Program| {
        let tool = &program.packages["p"].tools["t"];
        // The first of the deepest, as the error names it.
        let [first, rest @ ..] = tool_json_depths(program, tool);
        rest.into_iter().fold(
            first,
            |deepest, d| if d.1 > deepest.1 { d } else { deepest },
        )
    };
    let base = deepest(&load(&text(1))).1;
    let at = 1 + LIMIT - base;
    let program = load(&text(at));
    assert_eq!(deepest(&program).1, LIMIT);
    assert_eq!(errors(&program), Vec::<String>::new());
    let program = load(&text(at + 1));
    let (target, depth) = deepest(&program);
    assert_eq!(depth, LIMIT + 1);
    assert_eq!(
        errors(&program),
        [format!(
            "tool `t` nests {depth} levels deep in `p.{}.json`, more than the {LIMIT} serde_json \
             reads",
            target.as_str()
        )]
    );
}

#[test]
fn defaults_and_examples_count_where_they_are_written() {
    assert_boundary(|v| format!("v: json = {v}"));
    assert_boundary(|v| format!("@example({v}) v: json"));
}

/// Very long chains of each kind on a thread with a small stack: the check
/// follows them without recursion and reports each once.
#[test]
fn very_deep_input_is_one_error_on_a_small_stack() {
    let n = 5_000;
    let mut structs = String::from("package p;\n");
    for i in 0..n {
        structs.push_str(&format!("struct S{i} {{ n?: S{} }}\n", i + 1));
    }
    structs.push_str(&format!("struct S{n} {{ v: string }}\ntool t(a: S0);\n"));
    let programs = [
        load(&structs),
        load(&array_aliases(n)),
        load(&plain_aliases(n)),
    ];
    let found = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || programs.iter().map(errors).collect::<Vec<_>>())
        .expect("a thread")
        .join()
        .expect("no overflow");
    let counts: Vec<usize> = found.iter().map(Vec::len).collect();
    assert_eq!(counts, [1, 1, 1], "{found:?}");
}
