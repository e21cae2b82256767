//! The repetitive parts of `package.rs.j2`, written directly as text: one
//! fragment per list of items (types, trait methods, match arms, descriptor
//! entries, tables). A package has hundreds of tools, and rendering those
//! loops through the template engine cost far more than the rest of the
//! generator. The template places the fragments (`code.*`), each on a line of
//! its own: a fragment is exactly the lines the loop it replaces printed,
//! without the last newline (the template's line supplies it).

use std::fmt::Write as _;
use std::sync::Arc;

use minijinja::Value;
use minijinja::value::{Object, ObjectRepr};

use super::view::{DocLines, FileView, StructView};

/// The pre-rendered fragments, the `code` variable of the template.
#[derive(Debug, Default)]
pub struct Code {
    /// `pub type` aliases, each after a blank line.
    pub aliases: String,
    /// Enums (named and inline string unions), each after a blank line.
    pub enums: String,
    /// Structs (named ones, then one `<Tool>Args` per tool), each after a
    /// blank line.
    pub structs: String,
    /// Tagged and untagged unions, each after a blank line.
    pub unions: String,
    /// The `<Tool>Errors` constructors of tools that declare errors.
    pub errors: String,
    /// The methods of the tools trait, a blank line between two.
    pub trait_methods: String,
    /// The variants of the call enum.
    pub call_variants: String,
    /// The arms of `descriptor()`'s match.
    pub descriptor_arms: String,
    /// The arms of `parse()`'s match on the tool name.
    pub parse_arms: String,
    /// The arms of `invoke()`'s match on the call.
    pub invoke_arms: String,
    /// The arms of the `Toolset` impl's match on the tool name.
    pub toolset_arms: String,
    /// The entries of `TOOLS`.
    pub descriptors: String,
    /// The pattern functions of `toolc_tables`, each followed by a blank line.
    pub patterns: String,
    /// The entries of `toolc_tables::DEFS`.
    pub defs: String,
    /// The argument tables of `toolc_tables`, each after a blank line.
    pub tables: String,
}

impl Code {
    fn parts_mut(&mut self) -> [&mut String; 15] {
        [
            &mut self.aliases,
            &mut self.enums,
            &mut self.structs,
            &mut self.unions,
            &mut self.errors,
            &mut self.trait_methods,
            &mut self.call_variants,
            &mut self.descriptor_arms,
            &mut self.parse_arms,
            &mut self.invoke_arms,
            &mut self.toolset_arms,
            &mut self.descriptors,
            &mut self.patterns,
            &mut self.defs,
            &mut self.tables,
        ]
    }

    /// The `code` map of the template context, and the fragments' total
    /// length.
    pub fn into_value(self) -> (Value, usize) {
        let parts = [
            ("aliases", self.aliases),
            ("enums", self.enums),
            ("structs", self.structs),
            ("unions", self.unions),
            ("errors", self.errors),
            ("trait_methods", self.trait_methods),
            ("call_variants", self.call_variants),
            ("descriptor_arms", self.descriptor_arms),
            ("parse_arms", self.parse_arms),
            ("invoke_arms", self.invoke_arms),
            ("toolset_arms", self.toolset_arms),
            ("descriptors", self.descriptors),
            ("patterns", self.patterns),
            ("defs", self.defs),
            ("tables", self.tables),
        ];
        let len = parts.iter().map(|(_, text)| text.len()).sum();
        let value = parts
            .into_iter()
            .map(|(name, text)| (name, Value::from_object(Fragment(text))))
            .collect();
        (value, len)
    }
}

/// A fragment as a template value: it prints its text (without copying it
/// into a string value first) and is true when not empty. Filters that take
/// a string get its text.
#[derive(Debug)]
struct Fragment(String);

impl Object for Fragment {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        ObjectRepr::Plain
    }

    fn is_true(self: &Arc<Self>) -> bool {
        !self.0.is_empty()
    }

    fn render(self: &Arc<Self>, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

pub fn code(view: &FileView) -> Code {
    // Sized up front (a little over), so the buffers are not copied as
    // they grow.
    let tools = view.tools.len();
    let descriptors = view.tools.iter().map(|t| {
        let d = &t.descriptor;
        d.mcp.len() + d.description.len() + d.title.len() + d.permissions.len() + 400
    });
    let tables = view.tools.iter().map(|t| t.table_expr.len() + 80);
    let trait_methods = view.tools.iter().map(|t| docs_len(&t.doc) + 200);
    let mut code = Code {
        trait_methods: String::with_capacity(trait_methods.sum()),
        call_variants: String::with_capacity(tools * 64),
        descriptor_arms: String::with_capacity(tools * 64),
        parse_arms: String::with_capacity(tools * 400),
        invoke_arms: String::with_capacity(tools * 200),
        toolset_arms: String::with_capacity(tools * 300),
        descriptors: String::with_capacity(descriptors.sum()),
        tables: String::with_capacity(tables.sum()),
        ..Code::default()
    };
    types(&mut code, view);
    for (index, t) in view.tools.iter().enumerate() {
        super::tool_code::tool(&mut code, t, index);
    }
    let out = &mut code.patterns;
    for p in &view.patterns {
        let _ = write!(
            out,
            "    fn {}(s: &str) -> bool {{\n        static RE: std::sync::LazyLock<Option<::toolc_runtime::regex::Regex>> =\n            std::sync::LazyLock::new(|| ::toolc_runtime::regex::Regex::new({}).ok());\n        RE.as_ref().is_some_and(|re| re.is_match(s))\n    }}\n\n",
            p.name, p.source
        );
    }
    let out = &mut code.defs;
    for d in &view.defs {
        out.push_str("        ");
        out.push_str(d);
        out.push_str(",\n");
    }
    for part in code.parts_mut() {
        if part.ends_with('\n') {
            part.pop();
        }
    }
    code
}

/// `///` lines at `indent`.
pub(super) fn docs(out: &mut String, indent: &str, doc: &DocLines) {
    for line in doc.lines() {
        out.push_str(indent);
        out.push_str("///");
        line.write(out);
        out.push('\n');
    }
}

fn docs_len(doc: &DocLines) -> usize {
    doc.len() * 2
}

fn types(code: &mut Code, view: &FileView) {
    let out = &mut code.aliases;
    for a in &view.aliases {
        out.push('\n');
        docs(out, "", &a.doc);
        let _ = writeln!(out, "pub type {} = {};", a.name, a.ty);
    }
    let out = &mut code.enums;
    for e in &view.enums {
        out.push('\n');
        docs(out, "", &e.doc);
        out.push_str("#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, ::toolc_runtime::serde::Serialize, ::toolc_runtime::serde::Deserialize)]\n#[serde(crate = \"::toolc_runtime::serde\")]\n");
        let _ = writeln!(out, "pub enum {} {{", e.name);
        for v in &e.variants {
            docs(out, "    ", &v.doc);
            let _ = writeln!(out, "    #[serde(rename = {})]\n    {},", v.wire, v.name);
        }
        out.push_str("}\n");
    }
    let out = &mut code.structs;
    let size = view.structs.iter().map(|s| {
        let fields = s
            .fields
            .iter()
            .map(|f| f.name.as_str().len() + f.ty.len() + f.serde.len() + docs_len(&f.doc) + 24);
        fields.sum::<usize>() + docs_len(&s.doc) + 120
    });
    out.reserve(size.sum());
    for s in &view.structs {
        struct_item(out, s);
    }
    let out = &mut code.unions;
    for u in &view.unions {
        out.push('\n');
        docs(out, "", &u.doc);
        out.push_str("#[derive(Debug, Clone, PartialEq, ::toolc_runtime::serde::Serialize, ::toolc_runtime::serde::Deserialize)]\n#[serde(crate = \"::toolc_runtime::serde\")]\n#[allow(clippy::large_enum_variant)]\n");
        match &u.tag {
            Some(tag) => {
                let _ = writeln!(out, "#[serde(tag = {tag})]");
            }
            None => out.push_str("#[serde(untagged)]\n"),
        }
        let _ = writeln!(out, "pub enum {} {{", u.name);
        for v in &u.variants {
            docs(out, "    ", &v.doc);
            if u.tag.is_some() {
                let _ = writeln!(out, "    #[serde(rename = {})]", v.wire);
            }
            let _ = writeln!(out, "    {}({}),", v.name, v.ty);
        }
        out.push_str("}\n");
    }
}

/// Appends the pieces in order (the per-tool text is hot enough that going
/// through `fmt` for every piece shows).
pub(super) fn push_all(out: &mut String, pieces: &[&str]) {
    for piece in pieces {
        out.push_str(piece);
    }
}

fn struct_item(out: &mut String, s: &StructView) {
    out.push('\n');
    docs(out, "", &s.doc);
    out.push_str("#[derive(Debug, Clone, PartialEq, ::toolc_runtime::serde::Serialize, ::toolc_runtime::serde::Deserialize)]\n#[serde(crate = \"::toolc_runtime::serde\")]\n");
    if s.fields.is_empty() {
        push_all(out, &["pub struct ", s.name.as_str(), " {}\n"]);
        return;
    }
    push_all(out, &["pub struct ", s.name.as_str(), " {\n"]);
    for f in &s.fields {
        docs(out, "    ", &f.doc);
        if !f.serde.is_empty() {
            push_all(out, &["    ", &f.serde, "\n"]);
        }
        push_all(out, &["    pub ", f.name.as_str(), ": ", &f.ty, ",\n"]);
    }
    out.push_str("}\n");
}
