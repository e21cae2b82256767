//! E0302: `@schema("x-mcp-header", ...)` on a parameter MCP clients must
//! reject. The value itself (a non-empty HTTP token) is checked where the
//! attribute is read; this check needs the types and the whole tool:
//!
//! - the parameter's type must be a primitive MCP allows: `string`, `bool`,
//!   or `int` bounded within the IEEE 754 safe range (±(2^53 - 1)), also
//!   through aliases, enums and literal unions of those; not `number`,
//!   arrays, maps, structs, unions of types or nullable types;
//! - header names are unique within a tool's input schema, ignoring case.
//!
//! Clients drop a tool that breaks either rule, so both are errors. The
//! walk covers a tool's parameters and the fields of the structs they hold
//! directly (written out in place, so reachable from the schema root through
//! `properties` alone); each struct is visited once per tool, so the walk
//! stays flat however deep the types nest.

use std::collections::{HashMap, HashSet};

use super::Cx;
use super::walk;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::passthrough::{MCP_HEADER, MCP_HEADER_INT_LIMIT};
use crate::ir::{Field, Program, Ty, TyKind, TypeDefKind, TypeKey};

/// Whether `field` is mirrored into an HTTP header (`x-mcp-header`).
fn mirrored(field: &Field) -> bool {
    field.extra.contains_key(MCP_HEADER)
}

/// 2^53 - 1: the largest integer every JSON reader holds exactly.
const SAFE: i128 = MCP_HEADER_INT_LIMIT as i128;

pub fn run(cx: &mut Cx<'_>) {
    let program = cx.program;
    // Most programs mirror no parameter into a header: then there is
    // nothing to walk.
    if !walk::fields(program).iter().any(|(_, f)| mirrored(f)) {
        return;
    }
    let mut found = Vec::new();
    for tool in walk::tools(cx.program) {
        // Header name (lowercased) -> where it was first given.
        let mut seen: HashMap<String, (String, &Field)> = HashMap::new();
        let mut visited: HashSet<&TypeKey> = HashSet::new();
        // Each field with its path from the tool (`target.region`).
        let mut stack: Vec<(String, &Field)> = tool
            .params
            .values()
            .rev()
            .map(|f| (f.name.clone(), f))
            .collect();
        while let Some((path, field)) = stack.pop() {
            if let Some(key) = struct_of(program, &field.ty) {
                if visited.insert(key) {
                    if let Some(TypeDefKind::Struct { fields }) =
                        program.type_def(key).map(|d| &d.kind)
                    {
                        stack.extend(
                            fields
                                .values()
                                .rev()
                                .map(|f| (format!("{path}.{}", f.name), f)),
                        );
                    }
                }
            }
            let Some(name) = field.extra.get(MCP_HEADER).and_then(|v| v.as_str()) else {
                continue;
            };
            if let Some(why) = not_primitive(program, &field.ty) {
                found.push(
                    Diagnostic::new(
                        codes::INVALID_ATTRIBUTE,
                        field.name_span,
                        format!(
                            "`{path}` cannot carry `x-mcp-header`: its type is {why}"
                        ),
                    )
                    .with_secondary(field.ty.span, "this type")
                    .with_label("mirrored into an HTTP header")
                    .with_help(
                        "MCP header parameters are `string`, `bool` or `int` with a range within \
                         ±(2^53 - 1); remove the `@schema(\"x-mcp-header\", ...)` or change the type",
                    )
                    .with_note("MCP clients drop a tool whose header parameter breaks this"),
                );
            }
            let folded = name.to_ascii_lowercase();
            match seen.get(&folded) {
                Some((first_path, first)) => found.push(
                    Diagnostic::new(
                        codes::INVALID_ATTRIBUTE,
                        field.name_span,
                        format!(
                            "tool `{}` mirrors `{first_path}` and `{path}` into the same header \"{name}\"",
                            tool.name
                        ),
                    )
                    .with_label("header given again here")
                    .with_secondary(first.name_span, "header first given here")
                    .with_help("give each parameter its own header name (case does not count)")
                    .with_note("MCP clients drop a tool whose header names repeat"),
                ),
                None => {
                    seen.insert(folded, (path, field));
                }
            }
        }
    }
    for d in found {
        cx.error(d);
    }
}

/// The struct a field's type writes out in place: a named, non-recursive,
/// non-nullable struct (through aliases). Its fields are reachable from the
/// schema root through `properties` alone.
fn struct_of<'a>(program: &'a Program, ty: &Ty) -> Option<&'a TypeKey> {
    let resolved = program.resolve_alias_cow(ty);
    if resolved.nullable {
        return None;
    }
    let TyKind::Named { key } = &resolved.kind else {
        return None;
    };
    let (key, def) = program.types.get_key_value(key)?;
    match def.kind {
        TypeDefKind::Struct { .. } if !def.recursive => Some(key),
        _ => None,
    }
}

/// What makes `ty` no header primitive, or `None` when it is one.
fn not_primitive(program: &Program, ty: &Ty) -> Option<String> {
    let resolved = program.resolve_alias_cow(ty);
    if resolved.nullable {
        return Some("nullable".into());
    }
    let c = &resolved.constraints;
    match &resolved.kind {
        TyKind::String | TyKind::Bool => None,
        TyKind::Int => {
            let within = |b: &Option<crate::ir::Bound>| {
                b.as_ref()
                    .and_then(|b| b.value.as_i128())
                    .is_some_and(|v| (-SAFE..=SAFE).contains(&v))
            };
            if within(&c.minimum) && within(&c.maximum) {
                None
            } else {
                Some("`int` without a range within ±(2^53 - 1) (write `int in A..=B`)".to_string())
            }
        }
        TyKind::Number => Some("`number` (MCP does not allow it)".into()),
        TyKind::Literals { values } => {
            let ok = values.iter().all(|l| {
                l.value.is_string()
                    || l.value
                        .as_i64()
                        .is_some_and(|v| (-SAFE..=SAFE).contains(&i128::from(v)))
            });
            (!ok).then(|| "a union of numbers that are not all safe integers".into())
        }
        TyKind::Named { key } => match program.type_def(key).map(|d| &d.kind) {
            Some(TypeDefKind::Enum { .. }) | None => None,
            Some(TypeDefKind::Struct { .. }) => Some("a struct".into()),
            Some(TypeDefKind::Union { .. }) => Some("a tagged union".into()),
            Some(TypeDefKind::Alias { .. }) => Some("an alias too deep to resolve".into()),
        },
        TyKind::Array { .. } => Some("an array".into()),
        TyKind::Tuple { .. } => Some("a tuple".into()),
        TyKind::Map { .. } => Some("a map".into()),
        TyKind::Union { .. } => Some("a union of types".into()),
        TyKind::Json => Some("`json` (any value)".into()),
    }
}
