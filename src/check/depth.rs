//! E0003: a type or tool that nests too deep once its named types are
//! written out.
//!
//! The syntax limits nesting to [`MAX_DEPTH`] levels per item, but the JSON
//! targets inline every named type that is not recursive, so a chain of
//! structs (`struct S0 { n?: S1 } struct S1 { n?: S2 } ...`) written out
//! nests as deep as the chain is long. Every generator, and the lints that
//! follow named types, walk that nesting recursively on a worker thread's
//! stack; a limit here keeps all of them within it.
//!
//! Levels are counted the way the syntax counts brackets: a struct, a tagged
//! union, an array, a map and a tool's parameter list open one level each;
//! scalars, enums, literal unions, unions of types and aliases open none. So
//! nothing that fits the syntactic limit within one item is rejected here. A
//! reference to a recursive type is a `$ref` (its definition is written out
//! once, in `$defs`) and ends the count; the recursive type's own definition
//! is measured like any other.
//!
//! The depth of every named type is computed once, bottom up, with an
//! explicit stack ([`bottom_up`]): the chain can be far longer than the stack
//! this check runs on. Only the types where the limit is first crossed are
//! reported (every named type they write out is within it; the outer ones of
//! a chain exceed it only through them), and a tool only when its parameters
//! or output cross it at the tool itself.

use super::Cx;
use super::walk;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{Program, Ty, TyKind, TypeDef, TypeDefKind, TypeKey};
use crate::source::Span;
use crate::syntax::scan::MAX_DEPTH;

pub fn run(cx: &mut Cx<'_>) {
    let program = cx.program;
    let depths = type_depths(program);
    let within = |index: usize| depths.at(index) <= MAX_DEPTH;
    let mut found = Vec::new();
    for (index, def) in program.types.values().enumerate() {
        let depth = depths.at(index);
        if depth <= MAX_DEPTH {
            continue;
        }
        // Reported where the chain crosses the limit: every named type the
        // definition writes out is within it (the outer types of a chain
        // exceed it only through the inner ones), so a chain yields one
        // error. The crossing may take several levels at once
        // (`next?: [[S1]]`), or none of the definition's own (an alias).
        let mut crosses = true;
        for_inlined(program, def, &mut |k| crosses &= within(k));
        if !crosses {
            continue;
        }
        let Some((inner, span)) = deepest_site(program, def, &depths) else {
            continue;
        };
        let what = match def.kind {
            TypeDefKind::Union { .. } => "union",
            TypeDefKind::Alias { .. } => "type",
            TypeDefKind::Enum { .. } => "enum",
            TypeDefKind::Struct { .. } => "struct",
        };
        found.push(too_deep(
            def.name_span,
            format!("{what} `{}`", def.name),
            depth,
            span,
            inner,
        ));
    }
    for tool in walk::tools(cx.program) {
        let sites = tool
            .params
            .values()
            .map(|p| (ty_depth(program, &p.ty, &depths), p.ty.span))
            .chain(
                tool.output
                    .iter()
                    .map(|o| (root_depth(program, o, &depths), o.span)),
            );
        let Some((inner, span)) = sites.max_by_key(|(d, _)| *d) else {
            continue;
        };
        // The tool's own level (its parameter list, or the object an output
        // is wrapped in) comes on top of its sites.
        if inner < MAX_DEPTH {
            continue;
        }
        // A named type it uses that is itself too deep was reported there.
        let mut crosses = true;
        let mut named = |t: &Ty| {
            if let TyKind::Named { key } = &t.kind {
                if let Some((index, _)) = lookup(program, key) {
                    crosses &= within(index);
                }
            }
        };
        for ty in tool.params.values().map(|p| &p.ty).chain(&tool.output) {
            walk::nested(ty, &mut named);
        }
        if crosses {
            found.push(too_deep(
                tool.name_span,
                format!("tool `{}`", tool.name),
                inner + 1,
                span,
                inner,
            ));
        }
    }
    // A chain of nested structs too deep is reported as such, once.
    if found.is_empty() {
        found.extend(long_chains(program));
    }
    for d in found {
        cx.error(d);
    }
}

/// At most this many named types in a chain, each written out inside the
/// one before (aliases of aliases, structs, unions). Aliases open no level,
/// so the depth limit does not bound such a chain; but every generator and
/// several lints follow it recursively, one stack frame or more per link.
pub const MAX_CHAIN: usize = 2 * MAX_DEPTH;

/// E0003 where a chain of named types written out in place crosses
/// [`MAX_CHAIN`] (once per chain, as for depth).
fn long_chains(program: &Program) -> Vec<Diagnostic> {
    let links = bottom_up(program, |def, links: &PerType<usize>| {
        let mut longest = 0;
        for_inlined(program, def, &mut |k| longest = longest.max(links.at(k)));
        1 + longest
    });
    let mut found = Vec::new();
    for (index, def) in program.types.values().enumerate() {
        let n = links.at(index);
        let mut crosses = n > MAX_CHAIN;
        for_inlined(program, def, &mut |k| crosses &= links.at(k) <= MAX_CHAIN);
        if !crosses {
            continue;
        }
        found.push(
            Diagnostic::new(
                codes::TOO_DEEP,
                def.name_span,
                format!(
                    "`{}` is written out through a chain of {n} named types, more than {MAX_CHAIN}",
                    def.name
                ),
            )
            .with_label("the chain of types this one inlines is too long")
            .with_help(
                "refer to the type at the end of the chain directly instead of through aliases \
                 of aliases, or shorten the chain of nested types",
            )
            .with_note(
                "every named type that is not recursive is written out in place, inside the one \
                 that uses it",
            ),
        );
    }
    found
}

fn too_deep(at: Span, what: String, depth: usize, inner_span: Span, inner: usize) -> Diagnostic {
    Diagnostic::new(
        codes::TOO_DEEP,
        at,
        format!(
            "{what} nests {depth} levels deep when its types are written out, more than {MAX_DEPTH}"
        ),
    )
    .with_label("too deep once named types are inlined")
    .with_secondary(inner_span, format!("this type nests {inner} levels"))
    .with_help(
        "shorten the chain of nested structs: make inner fields parameters or fields of an outer \
         struct, or split the data",
    )
    .with_note(
        "JSON targets write out every named type that is not recursive in place, so nesting adds \
         up along the chain",
    )
}

/// The written-out depth of every named type, computed bottom up without
/// recursion over the (unbounded) chain of named types.
fn type_depths(program: &Program) -> PerType<usize> {
    bottom_up(program, |def, depths| def_depth(program, def, depths))
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
pub(super) fn bottom_up<V: Copy>(
    program: &Program,
    value: impl Fn(&TypeDef, &PerType<V>) -> V,
) -> PerType<V> {
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
pub(super) fn for_inlined(program: &Program, def: &TypeDef, f: &mut impl FnMut(usize)) {
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
pub(super) fn written_out(def: &TypeDef) -> bool {
    !def.recursive
        || matches!(
            def.kind,
            TypeDefKind::Enum { .. } | TypeDefKind::Alias { .. }
        )
}

fn def_depth(program: &Program, def: &TypeDef, depths: &PerType<usize>) -> usize {
    match &def.kind {
        TypeDefKind::Alias { target } => ty_depth(program, target, depths),
        TypeDefKind::Enum { .. } => 0,
        TypeDefKind::Struct { fields } => {
            1 + fields
                .values()
                .map(|f| ty_depth(program, &f.ty, depths))
                .max()
                .unwrap_or(0)
        }
        TypeDefKind::Union { variants, .. } => {
            1 + variants
                .values()
                .map(|v| named_depth(program, &v.ty, depths))
                .max()
                .unwrap_or(0)
        }
    }
}

/// The depth of the named type `key` written out.
fn named_depth(program: &Program, key: &TypeKey, depths: &PerType<usize>) -> usize {
    lookup(program, key).map_or(0, |(index, _)| depths.at(index))
}

/// The deepest type written directly in `def` and its depth.
fn deepest_site(
    program: &Program,
    def: &TypeDef,
    depths: &PerType<usize>,
) -> Option<(usize, Span)> {
    match &def.kind {
        TypeDefKind::Alias { target } => Some((ty_depth(program, target, depths), target.span)),
        TypeDefKind::Enum { .. } => None,
        TypeDefKind::Struct { fields } => fields
            .values()
            .map(|f| (ty_depth(program, &f.ty, depths), f.ty.span))
            .max_by_key(|(d, _)| *d),
        TypeDefKind::Union { variants, .. } => variants
            .values()
            .map(|v| (named_depth(program, &v.ty, depths), v.span))
            .max_by_key(|(d, _)| *d),
    }
}

/// The depth of a type expression. Recursion here follows only the
/// expression itself, which the syntax already bounds; named types come from
/// `depths`.
fn ty_depth(program: &Program, ty: &Ty, depths: &PerType<usize>) -> usize {
    match &ty.kind {
        TyKind::Array { items } => 1 + ty_depth(program, items, depths),
        TyKind::Map { values } => 1 + ty_depth(program, values, depths),
        TyKind::Tuple { items } => {
            1 + items
                .iter()
                .map(|t| ty_depth(program, t, depths))
                .max()
                .unwrap_or(0)
        }
        TyKind::Union { members } => members
            .iter()
            .map(|m| ty_depth(program, m, depths))
            .max()
            .unwrap_or(0),
        TyKind::Named { key } => match lookup(program, key) {
            Some((index, def)) if written_out(def) => depths.at(index),
            _ => 0,
        },
        _ => 0,
    }
}

/// A tool's output: a recursive type at the root of a schema is written out
/// once there instead of being a bare `$ref`.
fn root_depth(program: &Program, ty: &Ty, depths: &PerType<usize>) -> usize {
    match &ty.kind {
        TyKind::Named { key } => named_depth(program, key, depths),
        _ => ty_depth(program, ty, depths),
    }
}
