//! The repetitive parts of `package.rs.j2`, written directly as text: one
//! fragment per list of items (types, trait methods, match arms, descriptor
//! entries, tables). A package has hundreds of tools, and rendering those
//! loops through the template engine cost far more than the rest of the
//! generator. The template places the fragments (`code.*`), each on a line of
//! its own: a fragment is exactly the lines the loop it replaces printed,
//! without the last newline (the template's line supplies it).

use std::fmt::Write as _;

use serde::Serialize;

use super::view::{FileView, StructView, ToolView};

/// The pre-rendered fragments, the `code` variable of the template.
#[derive(Debug, Default, Serialize)]
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
    /// The entries of `TOOLS`.
    pub descriptors: String,
    /// The pattern functions of `toolc_tables`, each followed by a blank line.
    pub patterns: String,
    /// The entries of `toolc_tables::DEFS`.
    pub defs: String,
    /// The argument tables of `toolc_tables`, each after a blank line.
    pub tables: String,
}

pub fn code(view: &FileView) -> Code {
    let tools = view.tools.len();
    let mut code = Code {
        trait_methods: String::with_capacity(tools * 160),
        call_variants: String::with_capacity(tools * 48),
        descriptor_arms: String::with_capacity(tools * 48),
        parse_arms: String::with_capacity(tools * 320),
        invoke_arms: String::with_capacity(tools * 160),
        descriptors: String::with_capacity(tools * 1600),
        tables: String::with_capacity(tools * 900),
        ..Code::default()
    };
    types(&mut code, view);
    for (index, t) in view.tools.iter().enumerate() {
        tool(&mut code, t, index);
    }
    let out = &mut code.patterns;
    for p in &view.patterns {
        let _ = write!(
            out,
            "    fn {}(s: &str) -> bool {{\n        static RE: std::sync::LazyLock<Option<regex::Regex>> =\n            std::sync::LazyLock::new(|| regex::Regex::new({}).ok());\n        RE.as_ref().is_some_and(|re| re.is_match(s))\n    }}\n\n",
            p.name, p.source
        );
    }
    let out = &mut code.defs;
    for d in &view.defs {
        out.push_str("        ");
        out.push_str(d);
        out.push_str(",\n");
    }
    for part in [
        &mut code.aliases,
        &mut code.enums,
        &mut code.structs,
        &mut code.unions,
        &mut code.errors,
        &mut code.trait_methods,
        &mut code.call_variants,
        &mut code.descriptor_arms,
        &mut code.parse_arms,
        &mut code.invoke_arms,
        &mut code.descriptors,
        &mut code.patterns,
        &mut code.defs,
        &mut code.tables,
    ] {
        if part.ends_with('\n') {
            part.pop();
        }
    }
    code
}

/// `///` lines at `indent`.
fn docs(out: &mut String, indent: &str, lines: &[String]) {
    for line in lines {
        out.push_str(indent);
        out.push_str("///");
        out.push_str(line);
        out.push('\n');
    }
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
        out.push_str("#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]\n");
        let _ = writeln!(out, "pub enum {} {{", e.name);
        for v in &e.variants {
            docs(out, "    ", &v.doc);
            let _ = writeln!(out, "    #[serde(rename = {})]\n    {},", v.wire, v.name);
        }
        out.push_str("}\n");
    }
    let out = &mut code.structs;
    out.reserve(view.structs.len() * 400);
    for s in &view.structs {
        struct_item(out, s);
    }
    let out = &mut code.unions;
    for u in &view.unions {
        out.push('\n');
        docs(out, "", &u.doc);
        out.push_str("#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]\n#[allow(clippy::large_enum_variant)]\n");
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

fn struct_item(out: &mut String, s: &StructView) {
    out.push('\n');
    docs(out, "", &s.doc);
    out.push_str("#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]\n");
    if s.fields.is_empty() {
        let _ = writeln!(out, "pub struct {} {{}}", s.name);
        return;
    }
    let _ = writeln!(out, "pub struct {} {{", s.name);
    for f in &s.fields {
        docs(out, "    ", &f.doc);
        if !f.serde.is_empty() {
            out.push_str("    ");
            out.push_str(&f.serde);
            out.push('\n');
        }
        let _ = writeln!(out, "    pub {}: {},", f.name, f.ty);
    }
    out.push_str("}\n");
}

fn tool(code: &mut Code, t: &ToolView, index: usize) {
    if !t.errors.is_empty() {
        let out = &mut code.errors;
        let _ = write!(
            out,
            "\n/// Constructors for the errors `{}` declares.\npub struct {};\n\nimpl {} {{\n",
            t.method, t.errors_struct, t.errors_struct
        );
        for e in &t.errors {
            docs(out, "    ", &e.doc);
            let _ = write!(
                out,
                "    pub fn {}() -> ToolError {{\n        ToolError {{\n            code: {}.to_string(),\n            message: {}.to_string(),\n            path: None,\n            hint: {},\n            retryable: {},\n        }}\n    }}\n",
                e.method, e.code, e.message, e.hint, e.retryable
            );
        }
        out.push_str("}\n");
    }

    let out = &mut code.trait_methods;
    if index > 0 {
        out.push('\n');
    }
    docs(out, "    ", &t.doc);
    let _ = write!(
        out,
        "    fn {}(\n        &self,\n        args: {},\n    ) -> impl std::future::Future<Output = Result<{}, ToolError>> + Send;\n",
        t.method, t.args, t.output
    );

    let _ = writeln!(code.call_variants, "    {}({}),", t.variant, t.args);
    let _ = writeln!(
        code.descriptor_arms,
        "            Self::{}(_) => &TOOLS[{index}],",
        t.variant
    );
    let _ = write!(
        code.parse_arms,
        "            {} => {{\n                toolc_validate::check_args(&toolc_tables::{}, &toolc_tables::DEFS, &mut args)\n                    .map_err(invalid)?;\n                serde_json::from_value(args).map(Self::{}).map_err(undecodable)\n            }}\n",
        t.names, t.table, t.variant
    );

    let out = &mut code.invoke_arms;
    let _ = writeln!(out, "            Self::{}(args) => {{", t.variant);
    if t.has_output {
        let _ = write!(
            out,
            "                let output = tools.{}(args).await?;\n                output_json(&output, {})\n",
            t.method, t.wrap
        );
    } else {
        let _ = write!(
            out,
            "                tools.{}(args).await?;\n                Ok(serde_json::Value::Null)\n",
            t.method
        );
    }
    out.push_str("            }\n");

    let d = &t.descriptor;
    let out = &mut code.descriptors;
    let _ = write!(
        out,
        "    ToolDescriptor {{\n        name: {},\n        title: {},\n        description: {},\n        tier: {},\n        mutates: {},\n        destructive: {},\n        confirm: {},\n        risk: {},\n        timeout_ms: {},\n        permissions: {},\n        mcp_json: ",
        d.name,
        d.title,
        d.description,
        d.tier,
        d.mutates,
        d.destructive,
        d.confirm,
        d.risk,
        d.timeout_ms,
        d.permissions
    );
    out.push_str(&d.mcp);
    out.push_str(",\n        mcp: std::sync::OnceLock::new(),\n    },\n");

    let _ = write!(
        code.tables,
        "\n    pub static {}: [Field; {}] = {};\n",
        t.table, t.table_len, t.table_expr
    );
}
