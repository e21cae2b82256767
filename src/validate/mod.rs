//! One argument object through the validation the runtimes run
//! (`toolc validate`): for people debugging what a model sent.

use std::collections::HashMap;

use serde_json::Value;
use toolc_runtime::ToolError;
use toolc_runtime::regex::Regex;
use toolc_runtime::validate::check_args;
use toolc_runtime::validate::model::Test;

use crate::ir::{Program, Tool, suggest};

/// Why no single tool answers to a name.
#[derive(Debug, PartialEq, Eq)]
pub enum Lookup {
    /// No tool has the name; the closest name, if one is close.
    Unknown { closest: Option<String> },
    /// Tools of several packages have it: each as `package.tool`.
    Ambiguous { candidates: Vec<String> },
}

/// Validates `args` for `tool` as a generated dispatcher does: on success
/// the normalised arguments (defaults filled in, integral floats as
/// integers, `null` for an optional field dropped), else the runtime's
/// structured `invalid_argument` error.
pub fn validate(program: &Program, tool: &Tool, mut args: Value) -> Result<Value, ToolError> {
    let mut lowering = crate::tables::Lowering::new(program);
    let fields = lowering.fields(tool.params.values());
    // Each pattern compiled once, however often the tables use it.
    let mut tests: HashMap<String, Test> = HashMap::new();
    let mut test =
        |source: &str| *(tests.entry(source.to_string())).or_insert_with(|| pattern_test(source));
    let (fields, defs) = lowering.finish().into_static(fields, &mut test);
    check_args(fields, defs, tool.open, &mut args)?;
    Ok(args)
}

/// A pattern's test, as generated code has it: a pattern the regex crate
/// cannot compile (toolc refuses those, E0206) matches nothing. Leaked:
/// the command validates one argument object.
fn pattern_test(source: &str) -> Test {
    let regex = Regex::new(&crate::pattern::to_rust(source)).ok();
    Box::leak(Box::new(move |s: &str| {
        regex.as_ref().is_some_and(|re| re.is_match(s))
    }))
}

/// The tool called `name`: its wire name or a per-target name, optionally
/// qualified by its package (`design.set_font`) when several packages have
/// a tool of that name.
pub fn find_tool<'p>(program: &'p Program, name: &str) -> Result<&'p Tool, Lookup> {
    // A wire name may hold dots itself, so the whole name is tried first.
    let mut found = named(program, None, name);
    if found.is_empty() {
        if let Some((package, tool)) = name.split_once('.') {
            found = named(program, Some(package), tool);
        }
    }
    match found.as_slice() {
        [(_, tool)] => Ok(tool),
        [] => {
            let names = program
                .packages
                .values()
                .flat_map(|p| p.tools.values())
                .map(|t| t.name.as_str());
            Err(Lookup::Unknown {
                closest: suggest::closest(name, names).map(str::to_string),
            })
        }
        many => Err(Lookup::Ambiguous {
            candidates: many
                .iter()
                .map(|(package, t)| format!("{package}.{}", t.name))
                .collect(),
        }),
    }
}

/// The tools answering to `tool` (of `package`, if given), with their
/// package's name.
fn named<'p>(program: &'p Program, package: Option<&str>, tool: &str) -> Vec<(&'p str, &'p Tool)> {
    let answers = |t: &Tool| t.name == tool || t.target_names.values().any(|n| n == tool);
    program
        .packages
        .values()
        .filter(|p| package.is_none_or(|name| p.name == name))
        .flat_map(|p| p.tools.values().map(move |t| (p.name.as_str(), t)))
        .filter(|(_, t)| answers(t))
        .collect()
}
