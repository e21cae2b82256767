//! The `markdown` target: `<package>.md`, prompt-ready docs a model reads
//! well. The structure is fixed: title and package doc, core tools, extended
//! tools, then the named types the tools use. Constraints are phrased by the
//! same code that moves them into OpenAI descriptions, so every output says
//! them the same way.

use indexmap::IndexSet;
use serde_json::{Map, Value};

use super::json_common::source_name;
use super::mcp::tool_description;
use super::{GenContext, Generator, OutputFile, Target};
use crate::diagnostics::Diagnostics;
use crate::driver::GENERATED_MARKER;
use crate::ir::{Field, Package, Program, Tier, Tool, Ty, TyKind, TypeDefKind, TypeKey};
use crate::schema::describe::{CONSTRAINT_KEYWORDS, constraint_phrases, json_text};
use crate::schema::{SchemaBuilder, SchemaOptions};

pub struct Markdown;

impl Generator for Markdown {
    fn target(&self) -> Target {
        Target::Markdown
    }

    fn generate(&self, cx: &GenContext<'_>, package: &Package) -> (Vec<OutputFile>, Diagnostics) {
        if package.tools.is_empty() {
            return (Vec::new(), Diagnostics::new());
        }
        let contents = render(cx.program, package);
        let file = OutputFile {
            name: format!("{}.md", package.name),
            contents,
        };
        (vec![file], Diagnostics::new())
    }
}

/// The whole document.
pub fn render(program: &Program, package: &Package) -> String {
    let mut out = format!(
        "<!-- {GENERATED_MARKER} from {}; do not edit -->\n# {}\n",
        source_name(package),
        package.name
    );
    if let Some(doc) = &package.doc {
        out.push_str(&format!("\n{doc}\n"));
    }
    for (tier, heading) in [
        (Tier::Core, "Core tools"),
        (Tier::Extended, "Extended tools"),
    ] {
        let tools: Vec<&Tool> = package.tools.values().filter(|t| t.tier == tier).collect();
        if tools.is_empty() {
            continue;
        }
        out.push_str(&format!("\n## {heading}\n"));
        for tool in tools {
            render_tool(program, tool, &mut out);
        }
    }
    let types = used_types(program, package);
    if !types.is_empty() {
        out.push_str("\n## Types\n");
        for key in &types {
            render_type(program, key, &mut out);
        }
    }
    out
}

fn render_tool(program: &Program, tool: &Tool, out: &mut String) {
    match &tool.title {
        Some(title) => out.push_str(&format!("\n### {} ({title})\n", tool.name)),
        None => out.push_str(&format!("\n### {}\n", tool.name)),
    }
    if let Some(doc) = tool_description(tool) {
        out.push_str(&format!("\n{doc}\n"));
    }
    out.push_str(&format!("\n{}\n", facts(tool)));
    if !tool.params.is_empty() {
        out.push('\n');
        field_table(program, tool.params.values(), out);
    }
    match &tool.output {
        Some(ty) => out.push_str(&format!("\nReturns: `{}`.\n", type_text(program, ty))),
        None => out.push_str("\nReturns nothing structured.\n"),
    }
    if !tool.errors.is_empty() {
        out.push_str("\nErrors:\n\n");
        for e in tool.errors.values() {
            let mut line = format!("- `{}`: {}", e.code, e.message);
            if let Some(help) = &e.help {
                line.push_str(&format!(" {help}"));
            }
            if e.retryable {
                line.push_str(" (retryable)");
            }
            out.push_str(&line);
            out.push('\n');
        }
    }
    for example in &tool.examples {
        let title = example.title.as_deref().unwrap_or("Example");
        let body = serde_json::to_string(&example.to_json()).unwrap_or_default();
        out.push_str(&format!("\n{title}:\n\n```json\n{body}\n```\n"));
    }
}

/// One line of behaviour facts: "Read-only. Risk: low. Timeout: 5000 ms."
fn facts(tool: &Tool) -> String {
    let mut parts = Vec::new();
    parts.push(
        if tool.mutates {
            "Changes state."
        } else {
            "Read-only."
        }
        .to_string(),
    );
    if tool.destructive {
        parts.push("Destructive.".into());
    }
    if tool.idempotent {
        parts.push("Idempotent.".into());
    }
    if tool.open_world {
        parts.push("Reaches outside systems.".into());
    }
    if tool.confirm {
        parts.push("A human confirms each call.".into());
    }
    parts.push(format!("Risk: {}.", tool.risk.as_str()));
    if let Some(ms) = tool.timeout_ms {
        parts.push(format!("Timeout: {}.", duration_text(ms)));
    }
    if let Some(limit) = &tool.rate_limit {
        let per = duration_text(limit.per_ms);
        let per = per.strip_prefix("1 ").unwrap_or(&per);
        parts.push(format!("Rate limit: {} calls per {per}.", limit.count));
    }
    if !tool.permissions.is_empty() {
        let perms: Vec<String> = tool.permissions.iter().map(|p| format!("`{p}`")).collect();
        parts.push(format!("Requires: {}.", perms.join(", ")));
    }
    parts.join(" ")
}

fn field_table<'a>(program: &Program, fields: impl Iterator<Item = &'a Field>, out: &mut String) {
    out.push_str("| Name | Type | Required | Default | Constraints | Description |\n");
    out.push_str("| --- | --- | --- | --- | --- | --- |\n");
    let mut builder = SchemaBuilder::new(program, SchemaOptions::default());
    for field in fields {
        let schema = builder.field(field);
        let constraints = constraints_text(&schema);
        let default = field
            .default
            .as_ref()
            .map(|d| format!("`{}`", json_text(&d.value)))
            .unwrap_or_default();
        let mut description = field.doc.clone().unwrap_or_default();
        if let Some(dep) = &field.deprecated {
            description.push_str(" Deprecated");
            match &dep.note {
                Some(note) => description.push_str(&format!(": {note}.")),
                None => description.push('.'),
            }
        }
        if field.secret {
            description.push_str(" Sensitive.");
        }
        if !field.examples.is_empty() {
            let list: Vec<String> = field.examples.iter().map(|e| json_text(&e.value)).collect();
            description.push_str(&format!(" Examples: {}.", list.join(", ")));
        }
        let row = [
            format!("`{}`", field.name),
            format!("`{}`", type_text(program, &field.ty)),
            if field.is_required() { "yes" } else { "no" }.to_string(),
            default,
            constraints,
            description.trim().to_string(),
        ];
        let cells: Vec<String> = row.iter().map(|c| cell(c)).collect();
        out.push_str(&format!("| {} |\n", cells.join(" | ")));
    }
}

/// The constraints of a schema as sentences, with those on array items and
/// map values after them ("Each item: length 1 to 40 characters.").
fn constraints_text(schema: &Value) -> String {
    let map = value_keywords(schema);
    let mut phrases = constraint_phrases(map, &|k| CONSTRAINT_KEYWORDS.contains(&k));
    for (key, label) in [
        ("items", "Each item"),
        ("additionalProperties", "Each value"),
    ] {
        if let Some(inner) = map.get(key).filter(|v| v.is_object()) {
            let inner = constraints_text(inner);
            if !inner.is_empty() {
                phrases.push(format!("{label}: {inner}"));
            }
        }
    }
    phrases.join(" ")
}

/// "5 s", "1 min", "250 ms": the largest unit that divides evenly.
fn duration_text(ms: u64) -> String {
    for (unit, name) in [
        (86_400_000, "day"),
        (3_600_000, "h"),
        (60_000, "min"),
        (1000, "s"),
    ] {
        if ms >= unit && ms % unit == 0 {
            return format!("{} {name}", ms / unit);
        }
    }
    format!("{ms} ms")
}

/// The keywords of a field schema, looking through a nullable `anyOf`.
fn value_keywords(schema: &Value) -> &Map<String, Value> {
    static EMPTY: std::sync::OnceLock<Map<String, Value>> = std::sync::OnceLock::new();
    let empty = EMPTY.get_or_init(Map::new);
    let Some(map) = schema.as_object() else {
        return empty;
    };
    match map.get("anyOf").and_then(Value::as_array) {
        Some(members) if members.len() == 2 => {
            members.first().and_then(Value::as_object).unwrap_or(map)
        }
        _ => map,
    }
}

/// Text for a table cell: one line, pipes escaped.
fn cell(text: &str) -> String {
    text.replace('\n', " ").replace('|', "\\|")
}

/// The type as the language writes it: `[string]`, `map<string, int>`,
/// `"a" | "b"`, `NodeId | null`.
pub fn type_text(program: &Program, ty: &Ty) -> String {
    let base = match &ty.kind {
        TyKind::String => "string".to_string(),
        TyKind::Int => "int".to_string(),
        TyKind::Number => "number".to_string(),
        TyKind::Bool => "bool".to_string(),
        TyKind::Json => "json".to_string(),
        TyKind::Array { items } => format!("[{}]", type_text(program, items)),
        TyKind::Map { values } => format!("map<string, {}>", type_text(program, values)),
        TyKind::Literals { values } => values
            .iter()
            .map(|v| json_text(&v.value))
            .collect::<Vec<_>>()
            .join(" | "),
        TyKind::Union { members } => members
            .iter()
            .map(|m| type_text(program, m))
            .collect::<Vec<_>>()
            .join(" | "),
        TyKind::Named { key } => program
            .type_def(key)
            .map(|d| d.name.clone())
            .unwrap_or_else(|| key.0.clone()),
    };
    if ty.nullable {
        format!("{base} | null")
    } else {
        base
    }
}

/// Named types reachable from the package's tools, in first-use order.
fn used_types(program: &Program, package: &Package) -> Vec<TypeKey> {
    let mut seen = IndexSet::new();
    for tool in package.tools.values() {
        for field in tool.params.values() {
            collect(program, &field.ty, &mut seen);
        }
        if let Some(ty) = &tool.output {
            collect(program, ty, &mut seen);
        }
    }
    seen.into_iter().collect()
}

fn collect(program: &Program, ty: &Ty, seen: &mut IndexSet<TypeKey>) {
    match &ty.kind {
        TyKind::Array { items } => collect(program, items, seen),
        TyKind::Map { values } => collect(program, values, seen),
        TyKind::Union { members } => {
            for m in members {
                collect(program, m, seen);
            }
        }
        TyKind::Named { key } => {
            if !seen.insert(key.clone()) {
                return;
            }
            match program.type_def(key).map(|d| &d.kind) {
                Some(TypeDefKind::Alias { target }) => collect(program, target, seen),
                Some(TypeDefKind::Struct { fields }) => {
                    for f in fields.values() {
                        collect(program, &f.ty, seen);
                    }
                }
                Some(TypeDefKind::Union { variants, .. }) => {
                    for v in variants.values() {
                        if seen.insert(v.ty.clone()) {
                            if let Some(TypeDefKind::Struct { fields }) =
                                program.type_def(&v.ty).map(|d| &d.kind)
                            {
                                for f in fields.values() {
                                    collect(program, &f.ty, seen);
                                }
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        _ => {}
    }
}

fn render_type(program: &Program, key: &TypeKey, out: &mut String) {
    let Some(def) = program.type_def(key) else {
        return;
    };
    out.push_str(&format!("\n### {}\n", def.name));
    if let Some(doc) = &def.doc {
        out.push_str(&format!("\n{doc}\n"));
    }
    match &def.kind {
        TypeDefKind::Alias { target } => {
            let mut builder = SchemaBuilder::new(program, SchemaOptions::default());
            let schema = builder.ty(target);
            let mut line = format!("\nType: `{}`.", type_text(program, target));
            let constraints = constraints_text(&schema);
            if !constraints.is_empty() {
                line.push(' ');
                line.push_str(&constraints);
            }
            out.push_str(&line);
            out.push('\n');
        }
        TypeDefKind::Enum { variants } => {
            out.push_str("\nOne of:\n\n");
            for v in variants {
                let mut line = format!("- `{}`", json_text(&Value::String(v.value.clone())));
                if let Some(doc) = &v.doc {
                    line.push_str(&format!(": {}", doc.replace('\n', " ")));
                }
                if v.deprecated.is_some() {
                    line.push_str(" (deprecated)");
                }
                out.push_str(&line);
                out.push('\n');
            }
        }
        TypeDefKind::Struct { fields } => {
            out.push_str("\nAn object with these fields:\n\n");
            field_table(program, fields.values(), out);
        }
        TypeDefKind::Union {
            discriminator,
            variants,
        } => {
            out.push_str(&format!(
                "\nAn object whose `{discriminator}` field says which of these it is:\n\n"
            ));
            for v in variants.values() {
                let name = program
                    .type_def(&v.ty)
                    .map(|d| d.name.clone())
                    .unwrap_or_else(|| v.ty.0.clone());
                let mut line = format!("- `{}`: the fields of `{name}`", v.tag);
                if let Some(doc) = &v.doc {
                    line.push_str(&format!(". {}", doc.replace('\n', " ")));
                }
                out.push_str(&line);
                out.push('\n');
            }
        }
    }
}
