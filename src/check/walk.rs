//! Ways to visit the places where types, fields and tools are written.

use crate::ir::{Field, Program, Tool, Ty, TyKind, TypeDef, TypeDefKind};

/// The item a field or type expression belongs to.
#[derive(Clone, Copy)]
pub enum Owner<'a> {
    Tool(&'a Tool),
    Type(&'a TypeDef),
}

impl<'a> Owner<'a> {
    pub fn allow(self) -> &'a [String] {
        match self {
            Owner::Tool(t) => &t.allow,
            Owner::Type(t) => &t.allow,
        }
    }

    /// The allow lists of a site in this owner, innermost first: the
    /// field's (when the site is one), then the owner's.
    pub fn scopes(self, field: Option<&'a Field>) -> Vec<&'a [String]> {
        match field {
            Some(f) => vec![&f.allow, self.allow()],
            None => vec![self.allow()],
        }
    }
}

/// Every tool of every input package.
pub fn tools(program: &Program) -> impl Iterator<Item = &Tool> {
    program.packages.values().flat_map(|p| p.tools.values())
}

/// Every tool parameter and struct field, with its owner.
pub fn fields(program: &Program) -> Vec<(Owner<'_>, &Field)> {
    let mut out = Vec::new();
    for def in program.types.values() {
        if let TypeDefKind::Struct { fields } = &def.kind {
            out.extend(fields.values().map(|f| (Owner::Type(def), f)));
        }
    }
    for tool in tools(program) {
        out.extend(tool.params.values().map(|f| (Owner::Tool(tool), f)));
    }
    out
}

/// Every type expression written at the top of a site: alias targets, field
/// and parameter types, tool outputs. The field is given where there is one.
pub fn root_types(program: &Program) -> Vec<(Owner<'_>, Option<&Field>, &Ty)> {
    let mut out = Vec::new();
    for def in program.types.values() {
        match &def.kind {
            TypeDefKind::Alias { target } => out.push((Owner::Type(def), None, &**target)),
            TypeDefKind::Struct { fields } => {
                out.extend(fields.values().map(|f| (Owner::Type(def), Some(f), &f.ty)));
            }
            _ => {}
        }
    }
    for tool in tools(program) {
        out.extend(
            tool.params
                .values()
                .map(|f| (Owner::Tool(tool), Some(f), &f.ty)),
        );
        if let Some(o) = &tool.output {
            out.push((Owner::Tool(tool), None, o));
        }
    }
    out
}

/// `ty` and every type expression nested in it (array items, map values,
/// union members), without following named types.
pub fn nested<'a>(ty: &'a Ty, f: &mut impl FnMut(&'a Ty)) {
    f(ty);
    match &ty.kind {
        TyKind::Array { items } => nested(items, f),
        TyKind::Map { values } => nested(values, f),
        TyKind::Union { members } | TyKind::Tuple { items: members } => {
            members.iter().for_each(|m| nested(m, f))
        }
        _ => {}
    }
}

/// Every type expression of `ty`, following named types (each visited once).
/// Used by lints. An explicit stack: a chain of named types (aliases of
/// aliases) can be far longer than the stack a check runs on.
pub fn deep<'a>(program: &'a Program, ty: &'a Ty, f: &mut impl FnMut(&'a Ty)) {
    let mut seen = foldhash::HashSet::default();
    let mut stack = vec![ty];
    let mut inner = Vec::new();
    while let Some(ty) = stack.pop() {
        nested(ty, &mut |t| {
            f(t);
            if let TyKind::Named { key } = &t.kind {
                if seen.insert(key.0.as_str()) {
                    if let Some(def) = program.type_def(key) {
                        for_def_types(program, def, &mut |t| inner.push(t));
                    }
                }
            }
        });
        // Popped in the order they are written.
        stack.extend(inner.drain(..).rev());
    }
}

/// The type expressions directly inside a type definition.
pub fn for_def_types<'a>(program: &'a Program, def: &'a TypeDef, f: &mut impl FnMut(&'a Ty)) {
    match &def.kind {
        TypeDefKind::Alias { target } => f(target),
        TypeDefKind::Struct { fields } => fields.values().for_each(|fl| f(&fl.ty)),
        TypeDefKind::Union { variants, .. } => {
            for v in variants.values() {
                if let Some(vdef) = program.type_def(&v.ty) {
                    for_def_types(program, vdef, f);
                }
            }
        }
        TypeDefKind::Enum { .. } => {}
    }
}

/// Whether `ty` can reach itself: it names a type on a cycle of the
/// reference graph (lowering marks those `recursive`).
pub fn reaches_recursion(program: &Program, ty: &Ty) -> bool {
    let mut found = false;
    deep(program, ty, &mut |t| {
        if let TyKind::Named { key } = &t.kind {
            found |= program.type_def(key).is_some_and(|def| def.recursive);
        }
    });
    found
}

/// Keys of the named types that some tool's parameters reach. One walk
/// for all parameters: a type found once is not followed again, however
/// many parameters use it.
pub fn input_types(program: &Program) -> std::collections::HashSet<crate::ir::TypeKey> {
    let mut out = std::collections::HashSet::new();
    let mut stack: Vec<&Ty> = tools(program)
        .flat_map(|tool| tool.params.values().map(|p| &p.ty))
        .collect();
    let mut inner = Vec::new();
    while let Some(ty) = stack.pop() {
        nested(ty, &mut |t| {
            if let TyKind::Named { key } = &t.kind {
                if !out.contains(key) {
                    out.insert(key.clone());
                    if let Some(def) = program.type_def(key) {
                        for_def_types(program, def, &mut |t| inner.push(t));
                    }
                }
            }
        });
        stack.append(&mut inner);
    }
    out
}
