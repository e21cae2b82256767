//! The command line end to end over a hand-written toolset and a real
//! executor. The shared case table (tests/cases/cli/) checks the same
//! against generated code.

use std::sync::{Arc, Mutex};

use serde_json::{Value, json};

use super::{Exit, Io, run_with};
use crate::validate::{Field, Kind, NumRule, Ty};
use crate::{
    CallContext, ErrorDecl, Example, Executor, McpJson, ToolDescriptor, ToolError, ToolFuture,
    Toolset,
};

static ARGS: [Field; 1] = [Field {
    name: "id",
    ty: Ty {
        kind: Kind::Int(NumRule {
            min: None,
            max: None,
            multiple_of: None,
        }),
        nullable: false,
    },
    required: true,
    default: None,
    secret: false,
}];

static ANY: Ty = Ty {
    kind: Kind::Any,
    nullable: true,
};

const fn tool(names: &'static [&'static str], description: &'static str) -> ToolDescriptor {
    ToolDescriptor {
        package: "",
        name: names[0],
        names,
        title: None,
        description: Some(description),
        tier: crate::Tier::Core,
        mutates: false,
        destructive: false,
        confirm: false,
        risk: crate::Risk::Low,
        timeout_ms: None,
        permissions: &[],
        idempotent: true,
        open_world: false,
        rate_limit: None,
        meta: &[],
        errors: &[ErrorDecl {
            code: "gone",
            message: "It is gone.",
            hint: None,
            suggestions: &[],
            retryable: false,
        }],
        examples: &[Example {
            title: Some("The first"),
            args: r#"{"id":1}"#,
        }],
        args: &ARGS,
        open_args: false,
        defs: &[],
        output: Some(&ANY),
        wrap_output: true,
        mcp_json: McpJson::new(
            r#"{"inputSchema":{"properties":{"id":{"description":"Which one."}}}}"#,
        ),
    }
}

static TOOLS: [ToolDescriptor; 2] = [
    tool(&["peek"], "Looks at one item.\nMore words."),
    tool(&["poke"], "Pokes one item."),
];

/// `peek` echoes its arguments; `poke` fails with `gone`.
struct Items {
    seen: Arc<Mutex<Vec<Value>>>,
}

impl Toolset for Items {
    fn tools(&self) -> &'static [ToolDescriptor] {
        &TOOLS
    }

    fn invoke(&self, name: &str, args: &Value, _ctx: CallContext) -> ToolFuture<'_> {
        self.seen
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(args.clone());
        let poke = name == "poke";
        let args = args.clone();
        Box::pin(async move {
            if poke {
                Err(ToolError::new("gone", "It is gone."))
            } else {
                Ok(args)
            }
        })
    }
}

struct Run {
    exit: Exit,
    stdout: String,
    stderr: String,
    seen: Vec<Value>,
}

fn run(words: &[&str], stdin: &str) -> Run {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let executor = Executor::new(Items { seen: seen.clone() });
    let (mut input, mut stdout, mut stderr) = (stdin.as_bytes(), Vec::new(), Vec::new());
    let io = Io {
        stdin: &mut input,
        stdout: &mut stdout,
        stderr: &mut stderr,
        terminal: false,
    };
    let mut argv = vec!["/usr/bin/items"];
    argv.extend(words);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .unwrap_or_else(|e| panic!("a runtime: {e}"));
    let exit = runtime.block_on(run_with(&executor, argv, io));
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap_or_default();
    let seen = seen.lock().unwrap_or_else(|e| e.into_inner()).clone();
    Run {
        exit,
        stdout: text(stdout),
        stderr: text(stderr),
        seen,
    }
}

#[test]
fn a_call_prints_its_output() {
    let out = run(&["peek", "--id", "3"], "");
    assert_eq!(
        (out.exit, out.stdout.as_str()),
        (Exit::Success, "{\"id\":3}\n")
    );
    assert_eq!(out.seen, [json!({"id": 3})]);
    let out = run(&["peek", "--json", "-"], r#"{"id": 4}"#);
    assert_eq!(out.stdout, "{\"id\":4}\n");
}

#[test]
fn a_tool_error_is_exit_1_with_the_error_on_stderr() {
    let out = run(&["poke", "--id", "3"], "");
    assert_eq!(out.exit, Exit::ToolError);
    let error: Value = serde_json::from_str(&out.stderr).unwrap_or_default();
    assert_eq!(error["code"], "gone");
    let out = run(&["peek"], "");
    assert_eq!(out.exit, Exit::ToolError);
    assert!(out.stderr.contains("invalid_argument"), "{}", out.stderr);
    assert!(out.seen.is_empty());
}

#[test]
fn usage_errors_are_exit_2_and_run_nothing() {
    for words in [
        &[][..],
        &["drop"],
        &["peek", "--id", "one"],
        &["peek", "--id"],
        &["peek", "--colour", "red"],
        &["peek", "--json", "{}", "--id", "1"],
        &["help"],
    ] {
        let out = run(words, "");
        assert_eq!(out.exit, Exit::Usage, "{words:?}: {}", out.stderr);
        assert!(out.seen.is_empty());
    }
    let out = run(&[], "");
    assert!(out.stderr.contains("peek") && out.stderr.contains("poke"));
    let out = run(&["peek", "--json", "-"], "[1]");
    assert_eq!(out.exit, Exit::Usage);
    assert!(out.stderr.contains("not a JSON object"), "{}", out.stderr);
}

#[test]
fn help_lists_tools_and_each_tool_its_flags_errors_and_examples() {
    let out = run(&["--help"], "");
    assert_eq!(out.exit, Exit::Success);
    assert!(out.stdout.contains("Looks at one item."), "{}", out.stdout);
    assert!(!out.stdout.contains("More words."));
    assert!(out.stdout.contains("`items TOOL --help`"), "{}", out.stdout);
    let out = run(&["peek", "--help"], "");
    assert_eq!(out.exit, Exit::Success);
    for text in [
        "More words.",
        "--id <INTEGER>",
        "Which one. [required]",
        "--json <JSON>",
        "gone: It is gone.",
        "The first",
        "{\"id\":1}",
    ] {
        assert!(out.stdout.contains(text), "{text}:\n{}", out.stdout);
    }
    assert!(out.seen.is_empty());
}

#[test]
fn the_tool_list_shows_each_description_s_first_sentence() {
    use super::command::first_sentence;
    assert_eq!(
        first_sentence("Write a note's text. A person approves each call. Fails\nwith `conflict`."),
        "Write a note's text."
    );
    assert_eq!(
        first_sentence("Search the notes for a text, and return\nthe best matches first.\n\nMore."),
        "Search the notes for a text, and return the best matches first."
    );
    assert_eq!(first_sentence("No period"), "No period");
    assert_eq!(first_sentence(""), "");
}
