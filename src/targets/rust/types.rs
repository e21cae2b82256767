//! Rust type strings for IR types, and the named Rust items (enums, structs,
//! unions) the package needs, inline literal unions included.

use std::collections::BTreeMap;

use crate::ir::{Field, Program, Ty, TyKind, TypeDefKind, TypeKey};

use super::ident::{Ident, Namer};
use super::text::{lit, write_lit};
use super::view::{DocLines, EnumView, FieldView, StructView, UnionView, VariantView, doc_lines};

/// Names of everything the generated file declares at its top level, and the
/// items produced while typing fields.
pub struct Typer<'a> {
    pub program: &'a Program,
    /// The package being written: a named type of another package's module
    /// of types is that module's (`super::common::TextMatch`).
    home: &'a str,
    pub namer: Namer,
    /// Rust name of every named type the package uses.
    pub names: BTreeMap<TypeKey, Ident>,
    pub enums: Vec<EnumView>,
    pub unions: Vec<UnionView>,
    /// The enum made for each inline literal union (its values and their
    /// docs), so that one shape written in two places is one type, as in
    /// TypeScript: named after where it was first met.
    inline_enums: BTreeMap<Vec<(String, Option<String>)>, Ident>,
}

/// What an inline item (a literal enum or scalar union inside a type) is
/// named after. Only such items need the text, so it is built on demand.
#[derive(Clone, Copy)]
pub enum Hint<'a> {
    /// `<owner><Field>`: the type of a field of `owner`.
    Field { owner: &'a str, field: &'a str },
    /// The two parts joined (`SetFontOutput`, `NameItem`).
    Suffixed(&'a str, &'a str),
}

impl Hint<'_> {
    fn text(&self) -> String {
        match self {
            Hint::Field { owner, field } => format!("{owner}{}", Ident::camel(field)),
            Hint::Suffixed(a, b) => format!("{a}{b}"),
        }
    }
}

/// Names the generated code itself uses unqualified, so user types must not
/// take them.
pub const RESERVED: &[&str] = &[
    "Option",
    "Some",
    "None",
    "Result",
    "Ok",
    "Err",
    "String",
    "Vec",
    "Box",
    "ToolError",
    "ToolDescriptor",
    "TOOLS",
    "dispatch",
    "tool",
    "toolc_tables",
    "Send",
    "Sync",
    "Sized",
    "Clone",
    "Copy",
    "Debug",
    "Default",
    "PartialEq",
    "Eq",
    "Hash",
    "Future",
    "ToString",
    "From",
    "Into",
    "Iterator",
    "serde",
    "serde_json",
    "regex",
    "std",
    "core",
];

/// The Rust type of `json` values: the runtime's `serde_json`, so that the
/// consumer needs no dependency of its own.
const JSON_VALUE: &str = "::toolc_runtime::serde_json::Value";

/// How a field's Rust type carries absence and `null`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Presence {
    /// Always present, never null: `T`.
    Plain,
    /// Absent or null, not told apart: `Option<T>`.
    Option,
    /// Optional and nullable: `Option<Option<T>>`, `Some(None)` for `null`.
    AbsentOrNull,
}

impl<'a> Typer<'a> {
    pub fn new(program: &'a Program, home: &'a str, namer: Namer) -> Self {
        Typer {
            program,
            home,
            namer,
            names: BTreeMap::new(),
            enums: Vec::new(),
            unions: Vec::new(),
            inline_enums: BTreeMap::new(),
        }
    }

    /// The Rust type of a field: `Option` when it may be absent without a
    /// default or may be null, and `Option<Option<T>>` when it may be both
    /// (`parent?: NodeId | null`): `None` when absent, `Some(None)` for an
    /// explicit `null`, which a handler often reads differently ("leave it"
    /// against "clear it").
    pub fn field_ty(&mut self, field: &Field, owner: &str) -> (String, Presence) {
        let base = self.ty(
            &field.ty,
            Hint::Field {
                owner,
                field: &field.name,
            },
            false,
        );
        let nullable = base.starts_with("Option<");
        let may_be_absent = field.optional && field.default.is_none() && !self.is_json(&field.ty);
        if !may_be_absent {
            let presence = if nullable {
                Presence::Option
            } else {
                Presence::Plain
            };
            return (base, presence);
        }
        let mut wrapped = String::with_capacity(base.len() + 8);
        wrapped.push_str("Option<");
        wrapped.push_str(&base);
        wrapped.push('>');
        let presence = if nullable {
            Presence::AbsentOrNull
        } else {
            Presence::Option
        };
        (wrapped, presence)
    }

    fn is_json(&self, ty: &Ty) -> bool {
        matches!(self.program.resolve_alias_cow(ty).kind, TyKind::Json)
    }

    /// The Rust type of `ty`; `hint` names inline items (`SetFontMode`).
    pub fn ty(&mut self, ty: &Ty, hint: Hint<'_>, in_container: bool) -> String {
        let resolved = self.program.resolve_alias_cow(ty);
        let option = resolved.nullable && !matches!(resolved.kind, TyKind::Json);
        let base = self.base(ty, hint, in_container);
        if option {
            format!("Option<{base}>")
        } else {
            base
        }
    }

    /// The non-nullable type an alias stands for (`pub type Name = ...`).
    pub fn base_of_alias(&mut self, target: &Ty, alias: &str) -> String {
        self.base(target, Hint::Suffixed(alias, "Item"), true)
    }

    fn base(&mut self, ty: &Ty, hint: Hint<'_>, in_container: bool) -> String {
        match &ty.kind {
            TyKind::String => "String".into(),
            TyKind::Int => "i64".into(),
            TyKind::Number => "f64".into(),
            TyKind::Bool => "bool".into(),
            TyKind::Json => JSON_VALUE.into(),
            TyKind::Array { items } => format!("Vec<{}>", self.ty(items, hint, true)),
            // serde reads and writes a Rust tuple as a JSON array of that
            // length. Its items are stored inline, so a recursive item is
            // boxed as a field would be.
            TyKind::Tuple { items } => {
                let owner = hint.text();
                let parts: Vec<String> = items
                    .iter()
                    .enumerate()
                    .map(|(i, t)| {
                        let suffix = format!("Item{}", i + 1);
                        self.ty(t, Hint::Suffixed(&owner, &suffix), false)
                    })
                    .collect();
                if let [one] = parts.as_slice() {
                    format!("({one},)")
                } else {
                    format!("({})", parts.join(", "))
                }
            }
            TyKind::Map { values } => format!(
                "std::collections::BTreeMap<String, {}>",
                self.ty(values, hint, true)
            ),
            TyKind::Literals { values } => {
                if values.iter().all(|v| v.value.is_string()) {
                    let wires: Vec<(String, Option<String>)> = values
                        .iter()
                        .map(|v| (v.value.as_str().unwrap_or_default().to_string(), None))
                        .collect();
                    self.inline_enum(&hint.text(), wires).to_string()
                } else if values.iter().all(|v| v.value.is_i64()) {
                    "i64".into()
                } else {
                    "f64".into()
                }
            }
            TyKind::Union { members } => {
                let name = self.namer.claim(Ident::camel(&hint.text()));
                self.scalar_union(name.clone(), None, members);
                name.to_string()
            }
            TyKind::Named { key } => {
                let boxed = !in_container
                    && self.program.type_def(key).is_some_and(|d| {
                        d.recursive && !matches!(d.kind, TypeDefKind::Alias { .. })
                    });
                let name = self.named(key).into_string();
                if boxed { format!("Box<{name}>") } else { name }
            }
        }
    }

    /// The Rust name of a named type (claimed on first use).
    pub fn named(&mut self, key: &TypeKey) -> Ident {
        if let Some(name) = self.names.get(key) {
            return name.clone();
        }
        if let Some(module) = crate::targets::modules::module_of(self.program, self.home, key) {
            // The module's names all at once: its other types are met next.
            for (k, name) in super::used::module_names(self.program, module) {
                self.names.insert(k, Ident::in_module(module, &name));
            }
            if let Some(name) = self.names.get(key) {
                return name.clone();
            }
        }
        let plain = self
            .program
            .type_def(key)
            .map(|d| d.name.clone())
            .unwrap_or_else(|| key.0.clone());
        let name = self.namer.claim(Ident::camel(&plain));
        self.names.insert(key.clone(), name.clone());
        name
    }

    pub fn inline_enum(&mut self, hint: &str, wires: Vec<(String, Option<String>)>) -> Ident {
        if let Some(name) = self.inline_enums.get(&wires) {
            return name.clone();
        }
        let name = self.namer.claim(Ident::camel(hint));
        self.inline_enums.insert(wires.clone(), name.clone());
        self.enum_named(name.clone(), None, wires);
        name
    }

    pub fn enum_named(
        &mut self,
        name: Ident,
        doc: Option<&str>,
        wires: Vec<(String, Option<String>)>,
    ) {
        let mut variants = Namer::default();
        let variants = wires
            .into_iter()
            .map(|(wire, doc)| VariantView {
                doc: doc_lines(doc.as_deref()),
                name: variants.claim(Ident::camel(&wire)),
                wire: lit(&wire),
                ty: String::new(),
            })
            .collect();
        self.enums.push(EnumView {
            doc: doc_lines(doc),
            name,
            variants,
        });
    }

    /// An untagged enum for `string | int`-style unions. Integers come before
    /// floats so that serde keeps `2` an integer.
    pub fn scalar_union(&mut self, name: Ident, doc: Option<&str>, members: &[Ty]) {
        let mut ordered: Vec<&Ty> = members.iter().collect();
        ordered.sort_by_key(|m| match self.program.resolve_alias_cow(m).kind {
            TyKind::Int => 0,
            TyKind::Number => 1,
            _ => 2,
        });
        let mut variant_names = Namer::default();
        let mut variants = Vec::new();
        for (i, member) in ordered.into_iter().enumerate() {
            let label = match &member.kind {
                TyKind::String => "String".to_string(),
                TyKind::Int => "Int".to_string(),
                TyKind::Number => "Number".to_string(),
                TyKind::Bool => "Bool".to_string(),
                TyKind::Json => "Json".to_string(),
                TyKind::Array { .. } => "List".to_string(),
                TyKind::Tuple { .. } => "Tuple".to_string(),
                TyKind::Map { .. } => "Map".to_string(),
                TyKind::Named { key } => self
                    .program
                    .type_def(key)
                    .map(|d| d.name.clone())
                    .unwrap_or_default(),
                _ => format!("Variant{i}"),
            };
            let vname = variant_names.claim(Ident::camel(&label));
            let ty = self.ty(member, Hint::Suffixed(name.bare(), vname.bare()), false);
            variants.push(VariantView {
                doc: DocLines::default(),
                name: vname,
                wire: String::new(),
                ty,
            });
        }
        self.unions.push(UnionView {
            doc: doc_lines(doc),
            name,
            tag: None,
            variants,
        });
    }

    /// The view of one struct's fields, owned by `owner` (for inline names).
    pub fn fields<'f>(
        &mut self,
        owner: &str,
        fields: impl ExactSizeIterator<Item = &'f Field>,
    ) -> Vec<FieldView> {
        let mut names = Namer::default();
        let mut out = Vec::with_capacity(fields.len());
        for field in fields {
            let ident = names.claim(Ident::snake(&field.name));
            let (ty, presence) = self.field_ty(field, owner);
            let is_option = presence != Presence::Plain;
            let rename = ident.bare() != field.name;
            let skip_if = if is_option && (field.optional || field.default.is_some()) {
                Some("Option::is_none")
            } else if ty == JSON_VALUE && !field.is_required() {
                Some("::toolc_runtime::serde_json::Value::is_null")
            } else {
                None
            };
            let mut serde = String::new();
            if rename || skip_if.is_some() {
                // Room for the longest form without growing.
                serde.reserve(96 + field.name.len());
                serde.push_str("#[serde(");
                if rename {
                    serde.push_str("rename = ");
                    write_lit(&mut serde, &field.name);
                }
                if let Some(skip_if) = skip_if {
                    if rename {
                        serde.push_str(", ");
                    }
                    serde.push_str("default, skip_serializing_if = \"");
                    serde.push_str(skip_if);
                    serde.push('"');
                }
                if presence == Presence::AbsentOrNull {
                    // serde would read `null` as the outer `None` (absent).
                    serde.push_str(", deserialize_with = \"::toolc_runtime::present\"");
                }
                serde.push_str(")]");
            }
            let doc = match &field.deprecated {
                Some(dep) => {
                    let note = dep.note.as_deref().unwrap_or("");
                    let line = format!("Deprecated. {note}").trim_end().to_string();
                    let doc = match &field.doc {
                        Some(d) => format!("{d}\n\n{line}"),
                        None => line,
                    };
                    doc_lines(Some(&doc))
                }
                None => doc_lines(field.doc.as_deref()),
            };
            out.push(FieldView {
                doc,
                name: ident,
                ty,
                serde,
            });
        }
        out
    }

    /// Emits the struct views of named structs (used by `view`).
    pub fn struct_view(&mut self, key: &TypeKey) -> Option<StructView> {
        let def = self.program.type_def(key)?;
        let TypeDefKind::Struct { fields } = &def.kind else {
            return None;
        };
        let name = self.named(key);
        let mut fields = self.fields(name.bare(), fields.values());
        if def.open {
            fields.push(extra_keys(&fields));
        }
        Some(StructView {
            doc: doc_lines(def.doc.as_deref()),
            name,
            fields,
        })
    }
}

/// The field of an `@open struct` that keeps the keys it does not declare,
/// named clear of the declared fields (`extra`, else `extra2`, ...).
pub(super) fn extra_keys(declared: &[FieldView]) -> FieldView {
    let mut names = Namer::default();
    for f in declared {
        names.claim(f.name.clone());
    }
    FieldView {
        doc: doc_lines(Some("Keys the struct does not declare, kept as sent.")),
        name: names.claim(Ident::snake("extra")),
        ty: "::toolc_runtime::serde_json::Map<String, ::toolc_runtime::serde_json::Value>".into(),
        serde: "#[serde(flatten)]".into(),
    }
}
