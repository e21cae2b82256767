//! E0003 for the emitted JSON: a tool whose JSON documents would nest deeper
//! than serde_json reads back.
//!
//! serde_json's parser refuses arrays and objects nested more than
//! [`MAX_JSON_DEPTH`] levels, and serde_json is how users read the `.mcp.json`,
//! `.openai.json`, `.anthropic.json` and `.gemini.json` files and how the generated Rust reads
//! each tool's embedded MCP JSON (`ToolDescriptor::mcp()`). The type-depth
//! limit ([`super::depth`]) does not keep the JSON within that: one type
//! level becomes two to four JSON levels (a struct field is `properties`,
//! then the field's schema; a nullable struct or array adds `anyOf` and its
//! member; a tagged union `anyOf`, the variant, `properties`, the field), and
//! `A | B` and aliases, which open no type level, nest too. So every tool's
//! documents are measured here, with the same lowering the targets use.
//!
//! Lowering every tool again would cost `toolc check` about as much as the
//! JSON targets cost `build`, so bounds come first. One bottom-up pass over
//! the named types ([`super::depth::bottom_up`], no recursion along chains)
//! gives each a lower and an upper bound of the depth it is written out at;
//! a tool's bounds follow from its parameters, output and metadata. Only a
//! tool whose upper bound exceeds the limit while its lower bound does not
//! is lowered and measured exactly ([`tool_json_depths`]), as is one whose
//! lower bound exceeds it by not too much, for an exact figure in the error.
//! A lower bound far past the limit is reported as it is, without lowering
//! anything: such a tool may nest deeper than any stack would hold. So is a
//! tool whose schemas would be too large to lower, with its upper bound.
//!
//! The lower bound counts what the generic lowering always writes (the MCP
//! document); the upper bound also covers what only some documents add
//! (`anyOf` around nullable or optional values, OpenAI strict mode's
//! rewrites: type arrays split into `anyOf`, `$ref` with a description
//! wrapped in `anyOf`, constants as `enum`).
//!
//! The check runs only when the type depths are within their limit: a chain
//! too deep in types is reported there once, not here for every tool.

use super::Cx;
use super::depth::{bottom_up, written_out};
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{Program, Tool};
use crate::schema::MAX_JSON_DEPTH;
use crate::schema::documents::{LEVELS_ABOVE_SCHEMAS, tool_json_depths};
use crate::target::Target;
use bounds::{Bounder, Site, def_bounds};

mod bounds;
/// At most this many arrays and objects in a tool's schema once its named
/// types are written out (E0005). A named type used twice is written twice,
/// so a chain of types that each use the next twice doubles the schema at
/// every link: 25 small structs would make gigabytes of JSON, exhausting
/// memory in `build` and time in the lints that size schemas. A schema this
/// large is already megabytes of JSON, far beyond what any model takes.
pub const MAX_SCHEMA_SIZE: usize = 100_000;

/// Nor are tools whose lower bound is beyond this (a chain of aliases of
/// unions nests without end): they are reported with that bound. Up to
/// here the lowering's recursion stays well within a thread's stack, and an
/// error gives the exact depth.
const MAX_MEASURED_DEPTH: usize = 2 * MAX_JSON_DEPTH;

pub fn run(cx: &mut Cx<'_>) {
    let program = cx.program;
    let mut found = Vec::new();
    for e in estimates(program) {
        if e.size > MAX_SCHEMA_SIZE {
            found.push(too_large(&e));
            continue;
        }
        if e.hi <= MAX_JSON_DEPTH {
            continue;
        }
        // Lowering recurses about as deep as the schema nests and writes a
        // named type out as often as it is used: the tool is measured only
        // when both depth and size are moderate.
        let measurable = e.lo <= MAX_MEASURED_DEPTH && e.size <= MAX_SCHEMA_SIZE;
        let (depth, target, exact) = if measurable {
            let [first, rest @ ..] = tool_json_depths(program, e.tool);
            let (target, depth) =
                rest.into_iter().fold(
                    first,
                    |deepest, d| if d.1 > deepest.1 { d } else { deepest },
                );
            (depth, target, Some(true))
        } else if e.lo > MAX_JSON_DEPTH {
            (e.lo, Target::Mcp, Some(false))
        } else {
            (e.hi, Target::Mcp, None)
        };
        if depth > MAX_JSON_DEPTH {
            let file = format!("{}.{}.json", e.package, target.as_str());
            found.push(too_deep(e.tool, &file, depth, exact, e.site));
        }
    }
    for d in found {
        cx.error(d);
    }
}

/// A tool and the bounds of how deep the deepest document a build writes
/// for it nests.
struct Estimate<'p> {
    package: &'p str,
    tool: &'p Tool,
    /// At most how deep `<package>.mcp.json` nests through this tool.
    lo: usize,
    /// At least the depth of every document ([`tool_json_depths`]).
    hi: usize,
    /// See [`bounds::Bounds::size`].
    size: usize,
    site: Option<Site>,
}

fn estimates(program: &Program) -> Vec<Estimate<'_>> {
    let named = bottom_up(program, |def, named| def_bounds(program, def, named));
    // Recursive types are written under `$defs`, at the root of the schema
    // that uses them: `$defs`, then the definition.
    let defs = program
        .types
        .values()
        .enumerate()
        .filter(|(_, def)| !written_out(def))
        .map(|(index, _)| named.at(index).hi)
        .max()
        .map_or(0, |hi| hi + 2);
    let b = Bounder { program, named };
    let mut out = Vec::new();
    for package in program.packages.values() {
        for tool in package.tools.values() {
            let (bounds, site) = b.tool(tool);
            let defs = if bounds.recursion { defs } else { 0 };
            out.push(Estimate {
                package: &package.name,
                tool,
                lo: LEVELS_ABOVE_SCHEMAS + bounds.lo,
                hi: LEVELS_ABOVE_SCHEMAS + bounds.hi.max(defs),
                size: bounds.size,
                site,
            });
        }
    }
    out
}

fn too_large(e: &Estimate<'_>) -> Diagnostic {
    Diagnostic::new(
        codes::TOO_LARGE,
        e.tool.name_span,
        format!(
            "the schema of tool `{}` holds more than {MAX_SCHEMA_SIZE} arrays and objects once \
             its named types are written out",
            e.tool.name
        ),
    )
    .with_label("its JSON would be too large to write or send")
    .with_note(
        "every named type that is not recursive is written out wherever it is used, so a type \
         that uses another twice doubles its size, and a chain of such types grows the schema \
         exponentially",
    )
    .with_help(
        "use a repeated type once (one field holding a list instead of two fields of the type), \
         or shorten the chain of types that each use the next more than once",
    )
}

/// `exact`: the depth was measured (`Some(true)`), is a lower bound
/// (`Some(false)`) or an upper bound (`None`, the schemas too large to
/// measure).
fn too_deep(
    tool: &Tool,
    file: &str,
    depth: usize,
    exact: Option<bool>,
    site: Option<Site>,
) -> Diagnostic {
    let amount = match exact {
        Some(true) => format!("nests {depth}"),
        Some(false) => format!("nests at least {depth}"),
        None => format!("may nest up to {depth}"),
    };
    let mut d = Diagnostic::new(
        codes::TOO_DEEP,
        tool.name_span,
        format!(
            "tool `{}` {amount} levels deep in `{file}`, more than the {MAX_JSON_DEPTH} serde_json \
             reads",
            tool.name
        ),
    )
    .with_label("its JSON nests too deep to be read back");
    if exact.is_none() {
        d = d.with_note(format!(
            "its schemas are too large to measure exactly (more than {MAX_SCHEMA_SIZE} arrays \
             and objects once named types are written out: a type used twice is written twice)"
        ));
    }
    if let Some(site) = site {
        d = d.with_secondary(site.span, site.what);
    }
    d.with_note(format!(
        "in a JSON Schema every struct opens two levels (`properties`, then the field) and every \
         nullable struct, array or map two more (`anyOf`, then the member); serde_json refuses \
         JSON nested deeper than {MAX_JSON_DEPTH} levels, and it is how these files are read and \
         how the generated Rust reads each tool's MCP JSON (`ToolDescriptor::mcp()`)"
    ))
    .with_help(
        "flatten what this tool takes or returns: move the fields of inner structs up into their \
         parent or into the tool's parameters, split the data, or write `name?: T` instead of \
         `name?: T | null` where leaving it out says enough",
    )
}

#[cfg(test)]
#[path = "json_depth_tests.rs"]
mod tests;
