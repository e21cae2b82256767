//! The declarations of a module's types: a pydantic model per struct (and
//! per struct's input shape where it differs), a `Literal` alias per enum,
//! a type alias per named alias, and per tagged union one subclass of each
//! variant's struct that adds the tag field, joined in a discriminated
//! union.
//!
//! Class bodies are annotations, which `from __future__ import annotations`
//! leaves unevaluated, so classes may name any type of the module. An
//! alias's right-hand side runs when the module loads: a name declared
//! after it is written as a string (a forward reference), a recursive
//! alias is a `TypeAliasType`, and every model that reaches a forward
//! reference is rebuilt once the module's types are all declared.

use foldhash::{HashMap, HashSet};
use indexmap::IndexMap;
use serde::Serialize;

use super::literal;
use super::names::{Namer, pascal};
use super::order;
use super::types::{Form, TypeNames, Writer};
use crate::ir::{Deprecation, Field, Program, TypeDefKind, TypeKey};

/// One model field.
#[derive(Debug, Serialize)]
pub struct ModelField {
    pub name: String,
    pub annotation: String,
    /// What follows ` = `, or "".
    pub default: String,
    /// The field's docstring (indented), or "".
    pub doc: String,
}

/// One top-level declaration.
#[derive(Debug, Serialize)]
pub struct Decl {
    /// `class` or `alias`.
    pub form: &'static str,
    pub name: String,
    /// Class: the docstring, indented; alias: the docstring after it.
    pub doc: String,
    /// Class: the base class.
    pub base: String,
    /// Class: `ConfigDict(...)` of its own, or "".
    pub config: String,
    pub fields: Vec<ModelField>,
    /// Alias: `Name: TypeAlias = expr` (else `Name = expr`, a
    /// `TypeAliasType`).
    pub type_alias: bool,
    pub expr: String,
    /// The module names it mentions (for [`super::order::rebuilds`]).
    #[serde(skip)]
    pub(super) refs: Vec<String>,
}

/// The names of each tagged union's variant classes, claimed before any
/// field is named: `(union, tag, form)` -> class name.
pub type VariantNames = HashMap<(TypeKey, String, Form), String>;

pub fn variant_names(program: &Program, names: &TypeNames, namer: &mut Namer) -> VariantNames {
    let mut out = VariantNames::default();
    for key in names.used.used.iter().filter(|k| !names.is_imported(k)) {
        let Some(TypeDefKind::Union { variants, .. }) = program.type_def(key).map(|d| &d.kind)
        else {
            continue;
        };
        for form in forms(names, key) {
            let union = names.name_in(key, form).to_string();
            for tag in variants.keys() {
                let name = namer.claim(&format!("{union}{}", pascal(tag)));
                out.insert((key.clone(), tag.clone(), form), name);
            }
        }
    }
    out
}

fn forms(names: &TypeNames, key: &TypeKey) -> Vec<Form> {
    if names.has_input_form(key) {
        vec![Form::Validated, Form::Input]
    } else {
        vec![Form::Validated]
    }
}

/// The lines of a docstring: the doc, then the deprecation.
pub fn doc_text(doc: Option<&str>, deprecated: Option<&Deprecation>) -> String {
    let mut text = doc.unwrap_or_default().to_string();
    if let Some(dep) = deprecated {
        if !text.is_empty() {
            text.push_str("\n\n");
        }
        text.push_str("Deprecated");
        if let Some(note) = &dep.note {
            text.push_str(": ");
            text.push_str(note);
        }
        text.push('.');
    }
    text
}

/// A field's docstring text: its doc, then one line per constraint in
/// the words the other targets use (the validator checks them all, the
/// model only some), its secrecy and its default, then its deprecation.
fn field_doc(program: &Program, f: &Field) -> String {
    let mut lines: Vec<String> = f.doc.iter().cloned().collect();
    let mut notes = Vec::new();
    crate::schema::constraints::each_top_level_phrase(program, &f.ty, &mut |phrase| {
        notes.push(phrase.to_string());
    });
    if f.secret {
        notes.push("Sensitive: keep it out of logs.".into());
    }
    if let Some(default) = &f.default {
        notes.push(format!("Default: `{}`.", default.value));
    }
    if !notes.is_empty() {
        if !lines.is_empty() {
            lines.push(String::new());
        }
        lines.extend(notes);
    }
    let text = lines.join("\n");
    let deprecation = doc_text(None, f.deprecated.as_ref());
    match (text.is_empty(), deprecation.is_empty()) {
        (_, true) => text,
        (true, false) => deprecation,
        (false, false) => format!("{text}\n\n{deprecation}"),
    }
}

/// Builds declarations; `module` holds every top-level name of the module.
pub struct Models<'a> {
    pub writer: Writer<'a>,
    module: &'a Namer,
    variants: &'a VariantNames,
}

impl<'a> Models<'a> {
    pub fn new(writer: Writer<'a>, module: &'a Namer, variants: &'a VariantNames) -> Self {
        Models {
            writer,
            module,
            variants,
        }
    }

    /// Every named type's declarations, in an order that needs few
    /// forward references: enums and the aliases of plain values first,
    /// then structs, the tagged unions over them, and the aliases that
    /// name structs or unions; each group in program order.
    pub fn types(&mut self) -> Vec<Decl> {
        let program = self.writer.program;
        let names = self.writer.names;
        let plain = order::plain_types(program, &names.used.used);
        let phase = |key: &TypeKey| match program.type_def(key).map(|d| &d.kind) {
            _ if plain.contains(key) => 0,
            Some(TypeDefKind::Struct { .. }) => 1,
            Some(TypeDefKind::Union { .. }) => 2,
            _ => 3,
        };
        let mut decls = Vec::new();
        // The types imported from modules of types are declared before
        // any of this module's: they are never forward references.
        let imported = |k: &&TypeKey| names.is_imported(k);
        let mut declared: HashSet<String> = (names.used.used.iter().filter(imported))
            .flat_map(|k| {
                forms(names, k)
                    .into_iter()
                    .map(|f| names.name_in(k, f).to_string())
            })
            .collect();
        for current in 0..4 {
            let own = names.used.used.iter().filter(|k| !names.is_imported(k));
            for key in own.filter(|k| phase(k) == current) {
                for form in forms(names, key) {
                    self.writer.quote_undeclared(Some(declared.clone()));
                    for decl in self.declare(key, form) {
                        declared.insert(decl.name.clone());
                        decls.push(decl);
                    }
                }
            }
        }
        self.writer.quote_undeclared(None);
        decls
    }

    /// The declarations of named type `key` in shape `form`.
    fn declare(&mut self, key: &TypeKey, form: Form) -> Vec<Decl> {
        let program = self.writer.program;
        let names = self.writer.names;
        let Some(def) = program.type_def(key) else {
            return Vec::new();
        };
        let name = names.name_in(key, form).to_string();
        let mut doc = doc_text(def.doc.as_deref(), def.deprecated.as_ref());
        if form == Form::Input {
            doc = format!(
                "`{}` as a model sends it: fields with defaults may be absent.",
                names.name(key)
            );
        }
        let decl = match &def.kind {
            TypeDefKind::Union { .. } => return self.union(key, form, doc),
            TypeDefKind::Struct { fields } => {
                let config = if def.open { OPEN } else { "" };
                self.class(name, "_Model".into(), doc, fields, form, config)
            }
            TypeDefKind::Alias { target } => {
                let recursive = names.used.recursive.contains(key);
                let expr = self.writer.expr(target, form);
                self.alias(name, doc, expr, recursive)
            }
            TypeDefKind::Enum { variants } => {
                let values: Vec<String> =
                    variants.iter().map(|v| literal::string(&v.value)).collect();
                let notes = variant_notes(variants);
                if !notes.is_empty() {
                    doc = format!("{doc}\n\n{notes}");
                }
                // An enum without values takes none (TypeScript's `never`);
                // `Literal[]` is no Python and pydantic has no `Never`.
                if values.is_empty() {
                    return vec![self.alias(name, doc, "str".into(), false)];
                }
                self.writer.imports.literal = true;
                self.alias(name, doc, format!("Literal[{}]", values.join(", ")), false)
            }
        };
        vec![decl]
    }

    /// A model over `fields` in the shape `form` selects.
    pub fn class(
        &mut self,
        name: String,
        base: String,
        doc: String,
        fields: &IndexMap<String, Field>,
        form: Form,
        config: &str,
    ) -> Decl {
        let mut namer = Namer::fields(self.module);
        let mut out = Vec::with_capacity(fields.len());
        // Annotations are not evaluated when the class is: no quoting.
        let saved = self.writer.take_declared();
        for (wire, f) in fields {
            let attr = namer.claim(wire);
            let optional = match form {
                Form::Input => !f.is_required(),
                Form::Validated => f.optional && f.default.is_none(),
            };
            let mut annotation = self.writer.expr(&f.ty, form);
            if optional {
                annotation = self.writer.optional(annotation);
            }
            let default = field_default(&attr, wire, optional, &mut self.writer);
            let doc = field_doc(self.writer.program, f);
            out.push(ModelField {
                name: attr,
                annotation,
                default,
                doc: literal::docstring(&doc, "    "),
            });
        }
        self.writer.quote_undeclared(saved);
        let mut refs = self.writer.take_refs();
        refs.push(base.clone());
        Decl {
            form: "class",
            name,
            doc: literal::docstring(&doc, "    "),
            base,
            config: config.to_string(),
            fields: out,
            type_alias: false,
            expr: String::new(),
            refs,
        }
    }

    /// `name: TypeAlias = expr` (a `TypeAliasType` when `recursive`).
    pub fn alias(&mut self, name: String, doc: String, expr: String, recursive: bool) -> Decl {
        let refs = self.writer.take_refs();
        let expr = if recursive {
            self.writer.imports.type_alias_type = true;
            format!("TypeAliasType({}, {expr})", literal::string(&name))
        } else {
            expr
        };
        Decl {
            form: "alias",
            name,
            doc: literal::docstring(&doc, ""),
            base: String::new(),
            config: String::new(),
            fields: Vec::new(),
            type_alias: !recursive,
            expr,
            refs,
        }
    }

    /// A tagged union's variant classes and its alias, in shape `form`.
    fn union(&mut self, key: &TypeKey, form: Form, doc: String) -> Vec<Decl> {
        let program = self.writer.program;
        let names = self.writer.names;
        let Some(TypeDefKind::Union {
            discriminator,
            variants,
        }) = program.type_def(key).map(|d| &d.kind)
        else {
            return Vec::new();
        };
        let mut decls = Vec::new();
        let mut members = Vec::new();
        let mut tag_attr = String::new();
        for (tag, v) in variants {
            let Some(name) = self
                .variants
                .get(&(key.clone(), tag.clone(), form))
                .cloned()
            else {
                continue;
            };
            // The tag's attribute is named after the struct's own fields.
            let mut namer = Namer::fields(self.module);
            if let Some(TypeDefKind::Struct { fields }) = program.type_def(&v.ty).map(|d| &d.kind) {
                fields.keys().for_each(|f| {
                    namer.claim(f);
                });
            }
            let attr = namer.claim(discriminator);
            let default = field_default(&attr, discriminator, false, &mut self.writer);
            self.writer.imports.literal = true;
            let base = names.name_in(&v.ty, form).to_string();
            let doc = match &v.doc {
                Some(d) => d.clone(),
                None => format!(
                    "`{}` with `{discriminator}` = `{tag}`.",
                    names.name_in(&v.ty, form)
                ),
            };
            decls.push(Decl {
                form: "class",
                name: name.clone(),
                doc: literal::docstring(&doc, "    "),
                base: base.clone(),
                config: String::new(),
                fields: vec![ModelField {
                    name: attr.clone(),
                    annotation: format!("Literal[{}]", literal::string(tag)),
                    default,
                    doc: String::new(),
                }],
                type_alias: false,
                expr: String::new(),
                refs: vec![base],
            });
            tag_attr = attr;
            members.push(name);
        }
        let union_name = names.name_in(key, form).to_string();
        let refs = members.clone();
        let expr = if members.is_empty() {
            // No variant (the checker refuses such a union): no value fits.
            self.writer.reference("JsonValue".into())
        } else if members.len() == 1 {
            members.remove(0)
        } else {
            let imports = &mut self.writer.imports;
            imports.annotated = true;
            imports.union = true;
            imports.field = true;
            format!(
                "Annotated[Union[{}], Field(discriminator={})]",
                members.join(", "),
                literal::string(&tag_attr)
            )
        };
        let mut alias = self.alias(union_name, doc, expr, false);
        alias.refs = refs;
        decls.push(alias);
        decls
    }
}

/// One line per documented or deprecated enum variant.
fn variant_notes(variants: &[crate::ir::EnumVariant]) -> String {
    let lines: Vec<String> = variants
        .iter()
        .filter(|v| v.doc.is_some() || v.deprecated.is_some())
        .map(|v| {
            let mut line = format!("- `{}`", v.value);
            if let Some(d) = &v.doc {
                line.push_str(": ");
                line.push_str(&d.replace('\n', " "));
            }
            if v.deprecated.is_some() {
                line.push_str(" (deprecated)");
            }
            line
        })
        .collect();
    lines.join("\n")
}

/// `@open struct`: keys it does not declare are kept.
pub const OPEN: &str = "ConfigDict(extra=\"allow\")";

/// What follows ` = ` for a field: `None` when it may be absent, and the
/// aliases when its attribute is not its JSON name.
fn field_default(attr: &str, wire: &str, optional: bool, writer: &mut Writer<'_>) -> String {
    let aliased = attr != wire;
    if aliased {
        writer.imports.field = true;
    }
    let wire = literal::string(wire);
    match (optional, aliased) {
        (false, false) => String::new(),
        (true, false) => "None".into(),
        (false, true) => format!("Field(validation_alias={wire}, serialization_alias={wire})"),
        (true, true) => {
            format!("Field(default=None, validation_alias={wire}, serialization_alias={wire})")
        }
    }
}
