//! The runtime descriptors (`TypeDef` / `ParamDef` values of the core
//! module) the generated validator interprets.
//!
//! They are built from the IR, not from the emitted JSON Schema, so the
//! validator can apply defaults, the null-for-optional leniency and the
//! discriminator of tagged unions exactly where the IR says. Named structs
//! and tagged unions (and every recursive type) are written once, in the
//! module's type table, and referenced as `{"kind": "ref", "name": ...}`:
//! a struct many tools take is not repeated in each tool's table. Enums and
//! aliases, short or resolved away, are written where they are used.
//!
//! Descriptors are written as source text directly (see [`Emit`]); the keys
//! of every descriptor come in a fixed order, with `nullable` right after
//! `kind`.

use indexmap::IndexMap;

use super::emit::{Emit, Open};
use super::literal::push_string;
use super::types::TypeNames;
use crate::ir::{Bound, Field, Program, Ty, TyKind, TypeDefKind, TypeKey};

/// Nesting beyond this is cut off (the front end already limits types to 64
/// levels); it only keeps a malformed IR from recursing for ever.
const MAX_DEPTH: usize = 128;

/// A named type's entry in the type table.
struct TableEntry {
    key: TypeKey,
    /// The depth it was first met at (bodies are cut off by depth).
    depth: usize,
    /// The descriptor as it stands in the table (indent 1).
    body: String,
}

pub struct Descriptors<'a> {
    program: &'a Program,
    names: &'a TypeNames,
    /// Tabled named types: TypeScript name -> descriptor (`None` while
    /// being written), in first-use order.
    table: IndexMap<String, Option<TableEntry>>,
}

impl<'a> Descriptors<'a> {
    pub fn new(program: &'a Program, names: &'a TypeNames) -> Self {
        Descriptors {
            program,
            names,
            table: IndexMap::new(),
        }
    }

    /// `{ name: ParamDef }` for a parameter list, closing brace at `indent`.
    pub fn fields(&mut self, e: &mut Emit<'_>, fields: &IndexMap<String, Field>, indent: usize) {
        self.fields_at(e, fields, indent, 0);
    }

    /// The `TYPE_TABLE` object literal of every tabled type met so far.
    pub fn table(&mut self) -> String {
        let mut out = String::new();
        let mut e = Emit::pretty(&mut out);
        if !e.needs_parse(self.table.keys().map(String::as_str)) {
            let mut obj = e.open(0);
            for (name, entry) in &self.table {
                e.key(&mut obj, name);
                if let Some(entry) = entry {
                    e.out.push_str(&entry.body);
                }
            }
            e.close(obj);
            return out;
        }
        // A type named like a prototype member: the table goes through
        // `JSON.parse`, so every body is written again as JSON (all the types
        // they reference are in the table already).
        let entries: Vec<(String, TypeKey, usize)> = self
            .table
            .iter()
            .filter_map(|(name, entry)| {
                entry
                    .as_ref()
                    .map(|entry| (name.clone(), entry.key.clone(), entry.depth))
            })
            .collect();
        let mut json = String::new();
        let mut c = Emit::compact(&mut json);
        let mut obj = c.open(0);
        for (name, key, depth) in &entries {
            c.key(&mut obj, name);
            self.named_body(&mut c, key, 1, *depth, false);
        }
        c.close(obj);
        out.push_str("JSON.parse(");
        push_string(&mut out, &json);
        out.push(')');
        out
    }

    fn fields_at(
        &mut self,
        e: &mut Emit<'_>,
        fields: &IndexMap<String, Field>,
        indent: usize,
        depth: usize,
    ) {
        e.guarded(fields.keys().map(String::as_str), self, |this, e| {
            let mut obj = e.open(indent);
            for (name, f) in fields {
                e.key(&mut obj, name);
                this.param(e, f, indent + 1, depth);
            }
            e.close(obj);
        });
    }

    fn param(&mut self, e: &mut Emit<'_>, f: &Field, indent: usize, depth: usize) {
        let mut obj = e.open(indent);
        e.plain_key(&mut obj, "type");
        self.ty(e, &f.ty, indent + 1, depth + 1, false);
        e.plain_key(&mut obj, "required");
        e.bool(f.is_required());
        if let Some(doc) = &f.doc {
            e.plain_key(&mut obj, "description");
            e.str(doc);
        }
        if let Some(title) = &f.title {
            e.plain_key(&mut obj, "title");
            e.str(title);
        }
        if let Some(default) = &f.default {
            e.plain_key(&mut obj, "default");
            e.value(&default.value, indent + 1);
        }
        if let Some(dep) = &f.deprecated {
            e.plain_key(&mut obj, "deprecated");
            match &dep.note {
                Some(note) => e.str(note),
                None => e.bool(true),
            }
        }
        if f.secret {
            e.plain_key(&mut obj, "secret");
            e.bool(true);
        }
        if !f.examples.is_empty() {
            e.plain_key(&mut obj, "examples");
            e.values(f.examples.iter().map(|x| &x.value), indent + 1);
        }
        e.close(obj);
    }

    /// Opens a descriptor object with its `kind` (and `nullable`).
    fn open_kind(e: &mut Emit<'_>, indent: usize, kind: &str, nullable: bool) -> Open {
        let mut obj = e.open(indent);
        e.plain_key(&mut obj, "kind");
        e.str(kind);
        if nullable {
            e.plain_key(&mut obj, "nullable");
            e.bool(true);
        }
        obj
    }

    /// The descriptor of `ty`; `nullable` adds `null` on top of its own.
    pub fn ty(&mut self, e: &mut Emit<'_>, ty: &Ty, indent: usize, depth: usize, nullable: bool) {
        if depth > MAX_DEPTH {
            let obj = Self::open_kind(e, indent, "json", nullable);
            e.close(obj);
            return;
        }
        if let TyKind::Named { key } = &ty.kind {
            if self.tabled(key) {
                return self.reference(e, key, ty.nullable || nullable, indent, depth);
            }
        }
        let resolved = self.program.resolve_alias_cow(ty);
        let c = &resolved.constraints;
        let nullable = resolved.nullable || nullable;
        let obj = match &resolved.kind {
            TyKind::String => {
                let mut obj = Self::open_kind(e, indent, "string", nullable);
                count(e, &mut obj, "minLength", c.min_length);
                count(e, &mut obj, "maxLength", c.max_length);
                if let Some(p) = &c.pattern {
                    e.plain_key(&mut obj, "pattern");
                    e.str(&p.source);
                }
                if let Some(f) = c.format {
                    e.plain_key(&mut obj, "format");
                    e.str(f.name());
                }
                obj
            }
            TyKind::Int | TyKind::Number => {
                let kind = if matches!(resolved.kind, TyKind::Int) {
                    "integer"
                } else {
                    "number"
                };
                let mut obj = Self::open_kind(e, indent, kind, nullable);
                bound(
                    e,
                    &mut obj,
                    c.minimum.as_ref(),
                    "minimum",
                    "exclusiveMinimum",
                );
                bound(
                    e,
                    &mut obj,
                    c.maximum.as_ref(),
                    "maximum",
                    "exclusiveMaximum",
                );
                if let Some(m) = &c.multiple_of {
                    e.plain_key(&mut obj, "multipleOf");
                    e.number(m);
                }
                obj
            }
            TyKind::Bool => Self::open_kind(e, indent, "boolean", nullable),
            TyKind::Json => Self::open_kind(e, indent, "json", nullable),
            TyKind::Array { items } => {
                let mut obj = Self::open_kind(e, indent, "array", nullable);
                e.plain_key(&mut obj, "items");
                self.ty(e, items, indent + 1, depth + 1, false);
                count(e, &mut obj, "minItems", c.min_items.or(c.min_length));
                count(e, &mut obj, "maxItems", c.max_items.or(c.max_length));
                if c.unique_items {
                    e.plain_key(&mut obj, "uniqueItems");
                    e.bool(true);
                }
                obj
            }
            TyKind::Tuple { items } => {
                let mut obj = Self::open_kind(e, indent, "tuple", nullable);
                e.plain_key(&mut obj, "items");
                let mut array = e.open_array(indent + 1, false);
                for t in items {
                    e.item(&mut array);
                    self.ty(e, t, indent + 2, depth + 1, false);
                }
                e.close_array(array);
                obj
            }
            TyKind::Map { values } => {
                let mut obj = Self::open_kind(e, indent, "map", nullable);
                e.plain_key(&mut obj, "values");
                self.ty(e, values, indent + 1, depth + 1, false);
                if let Some(p) = &c.key_pattern {
                    e.plain_key(&mut obj, "keyPattern");
                    e.str(&p.source);
                }
                let min = c.min_properties.or(c.min_length);
                count(e, &mut obj, "minProperties", min);
                let max = c.max_properties.or(c.max_length);
                count(e, &mut obj, "maxProperties", max);
                obj
            }
            TyKind::Literals { values } => {
                let mut obj = Self::open_kind(e, indent, "enum", nullable);
                e.plain_key(&mut obj, "values");
                e.values(values.iter().map(|l| &l.value), indent + 1);
                obj
            }
            TyKind::Union { members } => {
                let mut obj = Self::open_kind(e, indent, "union", nullable);
                e.plain_key(&mut obj, "members");
                let mut array = e.open_array(indent + 1, false);
                for m in members {
                    e.item(&mut array);
                    self.ty(e, m, indent + 2, depth + 1, false);
                }
                e.close_array(array);
                obj
            }
            TyKind::Named { key } if self.tabled(key) => {
                return self.reference(e, key, nullable, indent, depth);
            }
            TyKind::Named { key } => {
                return self.named_body(e, key, indent, depth, nullable);
            }
        };
        e.close(obj);
    }

    /// Whether `key`'s descriptor goes to the type table (referenced by name)
    /// rather than being written out where it is used.
    fn tabled(&self, key: &TypeKey) -> bool {
        self.names.is_recursive(key)
            || matches!(
                self.program.type_def(key).map(|d| &d.kind),
                Some(TypeDefKind::Struct { .. } | TypeDefKind::Union { .. })
            )
    }

    /// A `ref` to a tabled type, adding its body to the table on first use.
    fn reference(
        &mut self,
        e: &mut Emit<'_>,
        key: &TypeKey,
        nullable: bool,
        indent: usize,
        depth: usize,
    ) {
        let name = self.names.get(key);
        if !self.table.contains_key(&name) {
            self.table.insert(name.clone(), None);
            let mut body = String::new();
            self.named_body(&mut Emit::pretty(&mut body), key, 1, depth, false);
            let entry = TableEntry {
                key: key.clone(),
                depth,
                body,
            };
            self.table.insert(name.clone(), Some(entry));
        }
        let mut obj = Self::open_kind(e, indent, "ref", nullable);
        e.plain_key(&mut obj, "name");
        e.str(&name);
        e.close(obj);
    }

    /// The descriptor of an enum, struct or union (or an alias's target).
    fn named_body(
        &mut self,
        e: &mut Emit<'_>,
        key: &TypeKey,
        indent: usize,
        depth: usize,
        nullable: bool,
    ) {
        let program = self.program;
        let Some(def) = program.type_def(key) else {
            let obj = Self::open_kind(e, indent, "json", nullable);
            e.close(obj);
            return;
        };
        match &def.kind {
            TypeDefKind::Alias { target } => self.ty(e, target, indent, depth + 1, nullable),
            TypeDefKind::Enum { variants } => {
                let mut obj = Self::open_kind(e, indent, "enum", nullable);
                e.plain_key(&mut obj, "values");
                let mut array = e.open_array(indent + 1, true);
                for v in variants {
                    e.item(&mut array);
                    e.str(&v.value);
                }
                e.close_array(array);
                e.close(obj);
            }
            TypeDefKind::Struct { fields } => {
                let mut obj = Self::open_kind(e, indent, "object", nullable);
                e.plain_key(&mut obj, "fields");
                self.fields_at(e, fields, indent + 1, depth + 1);
                if def.open {
                    e.plain_key(&mut obj, "open");
                    e.bool(true);
                }
                e.close(obj);
            }
            TypeDefKind::Union {
                discriminator,
                variants,
            } => {
                let mut obj = Self::open_kind(e, indent, "tagged", nullable);
                e.plain_key(&mut obj, "discriminator");
                e.str(discriminator);
                e.plain_key(&mut obj, "variants");
                let inner = indent + 1;
                e.guarded(
                    variants.values().map(|v| v.tag.as_str()),
                    self,
                    |this, e| {
                        let mut map = e.open(inner);
                        for variant in variants.values() {
                            e.key(&mut map, &variant.tag);
                            match program.type_def(&variant.ty).map(|d| &d.kind) {
                                Some(TypeDefKind::Struct { fields }) => {
                                    this.fields_at(e, fields, inner + 1, depth + 1)
                                }
                                _ => e.out.push_str("{}"),
                            }
                        }
                        e.close(map);
                    },
                );
                let open = variants
                    .values()
                    .filter(|v| program.type_def(&v.ty).is_some_and(|d| d.open));
                let open: Vec<&str> = open.map(|v| v.tag.as_str()).collect();
                if !open.is_empty() {
                    e.plain_key(&mut obj, "openVariants");
                    let mut array = e.open_array(indent + 1, true);
                    for tag in open {
                        e.item(&mut array);
                        e.str(tag);
                    }
                    e.close_array(array);
                }
                e.close(obj);
            }
        }
    }
}

fn count(e: &mut Emit<'_>, obj: &mut Open, key: &'static str, value: Option<u64>) {
    if let Some(n) = value {
        e.plain_key(obj, key);
        e.u64(n);
    }
}

fn bound(
    e: &mut Emit<'_>,
    obj: &mut Open,
    b: Option<&Bound>,
    inclusive: &'static str,
    exclusive: &'static str,
) {
    if let Some(b) = b {
        e.plain_key(obj, if b.exclusive { exclusive } else { inclusive });
        e.number(&b.value);
    }
}
