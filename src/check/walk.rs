//! Ways to visit the places where types, fields and tools are written.

use crate::ir::{Field, Package, Program, Tool, Ty, TyKind, TypeDef, TypeDefKind, TypeKey};

/// The share of the program one run of the checks covers: the named types,
/// one package's tools, or everything. The checks run part by part, every
/// check on one part before the next part, so that a part's data stays in
/// the processor's caches from one check to the next. Run a check at a time
/// over the whole program, each of the 27 checks walked all of it: on
/// 20,000 tools (160 MB of program) that made the checks 16 times slower
/// than on 2,000 instead of 10.
///
/// The visits below ([`tools`], [`fields`], [`root_types`]) cover the part
/// only; lookups of named types go to the whole `program`.
#[derive(Clone, Copy)]
pub struct Part<'a> {
    pub program: &'a Program,
    covers: Covers<'a>,
}

#[derive(Clone, Copy)]
enum Covers<'a> {
    Whole,
    Types,
    Package(&'a Package),
}

impl<'a> Part<'a> {
    pub fn whole(program: &'a Program) -> Self {
        Part {
            program,
            covers: Covers::Whole,
        }
    }

    /// The parts that together cover `program` once: its named types, then
    /// each package.
    pub fn split(program: &'a Program) -> Vec<Self> {
        let types = Part {
            program,
            covers: Covers::Types,
        };
        let packages = program.packages.values().map(|p| Part {
            program,
            covers: Covers::Package(p),
        });
        std::iter::once(types).chain(packages).collect()
    }

    /// The input packages of this part.
    pub fn packages(self) -> impl Iterator<Item = &'a Package> + use<'a> {
        let (all, one) = match self.covers {
            Covers::Whole => (Some(self.program.packages.values()), None),
            Covers::Types => (None, None),
            Covers::Package(p) => (None, Some(p)),
        };
        all.into_iter().flatten().chain(one)
    }

    /// The named types of this part, with their keys.
    pub fn types(self) -> impl Iterator<Item = (&'a TypeKey, &'a TypeDef)> + use<'a> {
        let all = match self.covers {
            Covers::Whole | Covers::Types => Some(self.program.types.iter()),
            Covers::Package(_) => None,
        };
        all.into_iter().flatten()
    }

    /// Whether this part holds the named types.
    pub fn covers_types(self) -> bool {
        matches!(self.covers, Covers::Whole | Covers::Types)
    }

    /// The named types' definitions of this part.
    pub fn type_defs(self) -> impl Iterator<Item = &'a TypeDef> + use<'a> {
        self.types().map(|(_, def)| def)
    }
}

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
    pub fn scopes(self, field: Option<&'a Field>) -> Scopes<'a> {
        match field {
            Some(f) => Scopes {
                lists: [&f.allow, self.allow()],
                first: 0,
            },
            None => Scopes {
                lists: [&[], self.allow()],
                first: 1,
            },
        }
    }
}

/// The allow lists of one site (see [`Owner::scopes`]), read as a slice;
/// held by value, as the lints look them up for every type they walk.
#[derive(Clone, Copy)]
pub struct Scopes<'a> {
    lists: [&'a [String]; 2],
    first: usize,
}

impl<'a> std::ops::Deref for Scopes<'a> {
    type Target = [&'a [String]];

    fn deref(&self) -> &Self::Target {
        self.lists.get(self.first..).unwrap_or_default()
    }
}

/// Every tool of the part's packages.
pub fn tools(part: Part<'_>) -> impl Iterator<Item = &Tool> {
    part.packages().flat_map(|p| p.tools.values())
}

/// Every tool parameter and struct field of the part, with its owner.
pub fn fields(part: Part<'_>) -> Vec<(Owner<'_>, &Field)> {
    let mut out = Vec::new();
    for def in part.type_defs() {
        if let TypeDefKind::Struct { fields } = &def.kind {
            out.extend(fields.values().map(|f| (Owner::Type(def), f)));
        }
    }
    for tool in tools(part) {
        out.extend(tool.params.values().map(|f| (Owner::Tool(tool), f)));
    }
    out
}

/// Every type expression of the part written at the top of a site: alias
/// targets, field and parameter types, tool outputs. The field is given
/// where there is one.
pub fn root_types(part: Part<'_>) -> Vec<(Owner<'_>, Option<&Field>, &Ty)> {
    let mut out = Vec::new();
    for def in part.type_defs() {
        match &def.kind {
            TypeDefKind::Alias { target } => out.push((Owner::Type(def), None, &**target)),
            TypeDefKind::Struct { fields } => {
                out.extend(fields.values().map(|f| (Owner::Type(def), Some(f), &f.ty)));
            }
            _ => {}
        }
    }
    for tool in tools(part) {
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
        TyKind::Union { members } => members.iter().for_each(|m| nested(m, f)),
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
    let mut stack: Vec<&Ty> = tools(Part::whole(program))
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
