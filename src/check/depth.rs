//! E0003 and E0005 beyond the parser: nesting too deep, or a schema too
//! large, once named types are written out.
//!
//! One limit, [`LIMIT`] levels (serde_json's), counted in the JSON toolc
//! writes. The JSON targets write out every named type that is not
//! recursive in place, so a chain of structs (`struct S0 { n?: S1 }
//! struct S1 { n?: S2 } ...`) nests as deep as the chain is long. Within
//! the limit:
//! - every document reads back with serde_json's defaults: the `.mcp.json`,
//!   `.openai.json`, `.anthropic.json` and `.gemini.json` files, and the MCP
//!   JSON the generated Rust parses (`ToolDescriptor::mcp()`);
//! - every value of a tool's types that is not recursive (nor `json`) nests
//!   less than its schema, so within the 128 levels the runtimes accept;
//! - every pass that follows types recursively (the generators, the
//!   lowerings, the lints) recurses at most once per level: each struct,
//!   union, array, map or tuple opens at least one JSON level, and an alias,
//!   which opens none, is a named type in a chain, which counts one too.
//!
//! One bottom-up pass over the named types ([`bottom_up`], an explicit
//! stack: a chain can be far longer than the stack a check runs on) gives
//! each a lower and an upper bound of the depth it is written out at, and
//! its chain of named types ([`bounds`]). A type is reported where its
//! chain first crosses the limit (every named type it writes out is within
//! it), so a chain yields one error. Then, on types within it, a tool is
//! lowered and measured exactly when its upper bound crosses the limit.
//! The lower bound counts what the generic lowering always writes (the MCP
//! document); the upper bound also covers what only some documents add
//! (`anyOf` around nullable or optional values, OpenAI strict mode's
//! rewrites).
//!
//! The parser's own guard, 64 brackets as written ([`crate::syntax::scan`]),
//! comes before all of this.

use super::Cx;
use super::walk;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{Program, Tool, Ty, TyKind, TypeDef, TypeDefKind, TypeKey};
use crate::schema::MAX_JSON_DEPTH;
use crate::schema::documents::{LEVELS_ABOVE_SCHEMAS, tool_json_depths};
use bounds::{Bounder, Bounds, Site, deepest_part, def_bounds};

mod bounds;

/// At most this many levels of JSON in any document a build writes, and of
/// named types written out one inside the other.
pub const LIMIT: usize = MAX_JSON_DEPTH;

/// At most this many arrays and objects in a tool's schema once its named
/// types are written out (E0005). A named type used twice is written twice,
/// so a chain of types that each use the next twice doubles the schema at
/// every link: 25 small structs would make gigabytes of JSON, exhausting
/// memory in `build` and time in the lints that size schemas. A schema this
/// large is already megabytes of JSON, far beyond what any model takes.
pub const MAX_SCHEMA_SIZE: usize = 100_000;

pub fn run(cx: &mut Cx<'_>) {
    let program = cx.program;
    let named = named_bounds(program);
    let mut found = crossings(program, &named, |b| b.lo, too_deep_type);
    if found.is_empty() {
        found = crossings(program, &named, |b| b.links, too_long);
    }
    if found.is_empty() {
        found = tools(program, named);
    }
    for d in found {
        cx.error(d);
    }
}

/// The named types whose `measure` crosses [`LIMIT`] while that of every
/// named type they write out stays within it: one for each chain.
fn crossings(
    program: &Program,
    named: &PerType<Bounds>,
    measure: impl Fn(&Bounds) -> usize,
    report: impl Fn(&Program, &TypeDef, &PerType<Bounds>, usize) -> Diagnostic,
) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    for (index, def) in program.types.values().enumerate() {
        let m = measure(&named.at(index));
        if m <= LIMIT {
            continue;
        }
        let mut crosses = true;
        for_inlined(program, def, &mut |k| {
            crosses &= measure(&named.at(k)) <= LIMIT
        });
        if crosses {
            found.push(report(program, def, named, m));
        }
    }
    found
}

/// The bounds of every named type written out, with its chain of named
/// types.
fn named_bounds(program: &Program) -> PerType<Bounds> {
    bottom_up(program, |def, named| {
        let mut b = def_bounds(program, def, named);
        let mut links = 0;
        for_inlined(program, def, &mut |k| links = links.max(named.at(k).links));
        b.links = 1 + links;
        b
    })
}

/// E0005 and E0003 for tools, whose types are all within the limit: a
/// tool's own parameters and output add at most the levels written in it
/// (64 brackets), so lowering it recurses within the stack.
fn tools(program: &Program, named: PerType<Bounds>) -> Vec<Diagnostic> {
    let b = Bounder { program, named };
    let defs = defs_levels(&b);
    let mut found = Vec::new();
    for package in program.packages.values() {
        for tool in package.tools.values() {
            let (bounds, site) = tool_bounds(&b, defs, tool);
            if bounds.size > MAX_SCHEMA_SIZE {
                found.push(too_large(tool));
                continue;
            }
            if bounds.hi <= LIMIT {
                continue;
            }
            let [first, rest @ ..] = tool_json_depths(program, tool);
            let (target, depth) =
                rest.into_iter().fold(
                    first,
                    |deepest, d| if d.1 > deepest.1 { d } else { deepest },
                );
            if depth > LIMIT {
                let file = format!("{}.{}.json", package.name, target.as_str());
                found.push(too_deep_tool(tool, &file, depth, site));
            }
        }
    }
    found
}

/// How deep the definitions of recursive types nest at most: they are
/// written under `$defs` at the root of the schema that uses them (`$defs`,
/// then the definition).
fn defs_levels(b: &Bounder<'_>) -> usize {
    let program = b.program;
    program
        .types
        .values()
        .enumerate()
        .filter(|(_, def)| !written_out(def))
        .map(|(index, _)| b.named.at(index).hi)
        .max()
        .map_or(0, |hi| hi + 2)
}

/// The bounds of how deep the documents a build writes nest because of
/// `tool`: `lo` that of `<package>.mcp.json`, at least; `hi` that of every
/// document ([`tool_json_depths`]), at most. With its deepest part.
fn tool_bounds(b: &Bounder<'_>, defs: usize, tool: &Tool) -> (Bounds, Option<Site>) {
    let (bounds, site) = b.tool(tool);
    let defs = if bounds.recursion { defs } else { 0 };
    let b = Bounds {
        lo: LEVELS_ABOVE_SCHEMAS + bounds.lo,
        hi: LEVELS_ABOVE_SCHEMAS + bounds.hi.max(defs),
        ..bounds
    };
    (b, site)
}

fn too_deep_type(
    program: &Program,
    def: &TypeDef,
    named: &PerType<Bounds>,
    lo: usize,
) -> Diagnostic {
    let mut d = Diagnostic::new(
        codes::TOO_DEEP,
        def.name_span,
        format!(
            "{} `{}` nests at least {lo} levels deep as JSON once its named types are written \
             out, more than {LIMIT}",
            kind_name(def),
            def.name
        ),
    )
    .with_label("too deep once named types are written out");
    if let Some((inner, span)) = deepest_part(program, def, named) {
        d = d.with_secondary(span, format!("this nests at least {inner} levels"));
    }
    d.with_note(
        "every named type that is not recursive is written out in place, so nesting adds up \
         along a chain of types; a struct's fields sit two levels inside it (`properties`, then \
         the field)",
    )
    .with_help(
        "shorten the chain of nested types: move the fields of inner structs up into their \
         parent or into the tool's parameters, or split the data",
    )
}

fn too_long(_: &Program, def: &TypeDef, _: &PerType<Bounds>, links: usize) -> Diagnostic {
    Diagnostic::new(
        codes::TOO_DEEP,
        def.name_span,
        format!(
            "{} `{}` is written out through a chain of {links} named types, more than {LIMIT}",
            kind_name(def),
            def.name
        ),
    )
    .with_label("the chain of types this one writes out is too long")
    .with_note(
        "every named type that is not recursive is written out in place, inside the one that \
         uses it; an alias adds no JSON of its own, but counts as a level in a chain",
    )
    .with_help(
        "refer to the type at the end of the chain directly instead of through aliases of \
         aliases, or shorten the chain of nested types",
    )
}

fn kind_name(def: &TypeDef) -> &'static str {
    match def.kind {
        TypeDefKind::Union { .. } => "union",
        TypeDefKind::Alias { .. } => "type",
        TypeDefKind::Enum { .. } => "enum",
        TypeDefKind::Struct { .. } => "struct",
    }
}

fn too_large(tool: &Tool) -> Diagnostic {
    Diagnostic::new(
        codes::TOO_LARGE,
        tool.name_span,
        format!(
            "the schema of tool `{}` holds more than {MAX_SCHEMA_SIZE} arrays and objects once \
             its named types are written out",
            tool.name
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

fn too_deep_tool(tool: &Tool, file: &str, depth: usize, site: Option<Site>) -> Diagnostic {
    let mut d = Diagnostic::new(
        codes::TOO_DEEP,
        tool.name_span,
        format!(
            "tool `{}` nests {depth} levels deep in `{file}`, more than the {LIMIT} serde_json \
             reads",
            tool.name
        ),
    )
    .with_label("its JSON nests too deep to be read back");
    if let Some(site) = site {
        d = d.with_secondary(site.span, site.what);
    }
    d.with_note(format!(
        "in a JSON Schema every struct opens two levels (`properties`, then the field) and every \
         nullable struct, array or map two more (`anyOf`, then the member); serde_json refuses \
         JSON nested deeper than {LIMIT} levels, and it is how these files are read and how the \
         generated Rust reads each tool's MCP JSON (`ToolDescriptor::mcp()`)"
    ))
    .with_help(
        "flatten what this tool takes or returns: move the fields of inner structs up into their \
         parent or into the tool's parameters, split the data, or write `name?: T` instead of \
         `name?: T | null` where leaving it out says enough",
    )
}

/// A value for each named type, by its position in `program.types`.
pub(super) struct PerType<V>(Vec<Option<V>>);

impl<V: Copy + Default> PerType<V> {
    /// The value of the type at `index`; the default for one that has none
    /// (on an alias cycle).
    pub(super) fn at(&self, index: usize) -> V {
        self.0.get(index).copied().flatten().unwrap_or_default()
    }
}

/// The position in `program.types` and the definition of the named type
/// `key`.
pub(super) fn lookup<'p>(program: &'p Program, key: &TypeKey) -> Option<(usize, &'p TypeDef)> {
    program
        .types
        .get_full(key)
        .map(|(index, _, def)| (index, def))
}

/// A value for every named type that depends on the values of the named
/// types its definition writes out in place ([`for_inlined`]), computed
/// bottom up with an explicit stack: a chain of named types can be far longer
/// than the stack a check runs on. `value` sees the values of those types
/// (an alias cycle, reported as E0209 elsewhere, leaves its types without
/// one).
fn bottom_up<V: Copy>(program: &Program, value: impl Fn(&TypeDef, &PerType<V>) -> V) -> PerType<V> {
    let count = program.types.len();
    let mut values = PerType(vec![None; count]);
    let mut expanding = vec![false; count];
    let mut stack = Vec::new();
    let mut pending = Vec::new();
    for start in 0..count {
        stack.push(start);
        while let Some(&index) = stack.last() {
            let Some((_, def)) = program.types.get_index(index) else {
                stack.pop();
                continue;
            };
            if values.0[index].is_some() {
                stack.pop();
                continue;
            }
            if !expanding[index] {
                expanding[index] = true;
                // First visit: compute the inlined types it uses first. One
                // that is still being expanded is a cycle and gets no value
                // before this one.
                for_inlined(program, def, &mut |k| {
                    if values.0[k].is_none() && !expanding[k] {
                        pending.push(k);
                    }
                });
                if !pending.is_empty() {
                    stack.append(&mut pending);
                    continue;
                }
            }
            values.0[index] = Some(value(def, &values));
            stack.pop();
        }
    }
    values
}

/// The positions of the named types whose definitions `def` writes out in
/// place.
fn for_inlined(program: &Program, def: &TypeDef, f: &mut impl FnMut(usize)) {
    let mut on_ty = |ty: &Ty| {
        walk::nested(ty, &mut |t| {
            if let TyKind::Named { key } = &t.kind {
                if let Some((index, def)) = lookup(program, key) {
                    if written_out(def) {
                        f(index);
                    }
                }
            }
        });
    };
    match &def.kind {
        TypeDefKind::Alias { target } => on_ty(target),
        TypeDefKind::Struct { fields } => fields.values().for_each(|fl| on_ty(&fl.ty)),
        TypeDefKind::Union { variants, .. } => {
            // Variants are structs written out inside the union.
            for v in variants.values() {
                if let Some((index, _)) = lookup(program, &v.ty) {
                    f(index);
                }
            }
        }
        TypeDefKind::Enum { .. } => {}
    }
}

/// Whether a use of a named type is written out in place (not a `$ref`):
/// every type but recursive structs and tagged unions. Aliases are always
/// written out, even one on a cycle through a struct (`type Kids = [Node];`
/// used in `Node`).
fn written_out(def: &TypeDef) -> bool {
    !def.recursive
        || matches!(
            def.kind,
            TypeDefKind::Enum { .. } | TypeDefKind::Alias { .. }
        )
}

#[cfg(test)]
mod boundary_tests;
#[cfg(test)]
mod tests;
