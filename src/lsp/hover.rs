//! Hover: a parameter's or field's resolved type, constraints, default and
//! docs; a type's definition; a tool's metadata; a code's short explanation.

use toolc::internal::driver::Analysis;
use toolc::internal::ir::{Bound, Constraints, Field, Program, Tool, TyKind, TypeDef, TypeDefKind};

use super::navigate::{self, Target};

/// The hover text (Markdown) at `offset` of `file`.
pub fn hover(analysis: &Analysis, file: usize, offset: usize, text: &str) -> Option<String> {
    let program = &analysis.program;
    let inside =
        |s: toolc::internal::source::Span| s.file == file && s.start <= offset && offset <= s.end;
    if let Some(info) = code_at(text, offset) {
        return Some(info);
    }
    for tool in program.packages.values().flat_map(|p| p.tools.values()) {
        if inside(tool.name_span) {
            return Some(tool_text(tool));
        }
        if let Some(f) = tool.params.values().find(|f| inside(f.name_span)) {
            return Some(field_text(program, f));
        }
    }
    for def in program.types.values() {
        if let TypeDefKind::Struct { fields } = &def.kind {
            if let Some(f) = fields.values().find(|f| inside(f.name_span)) {
                return Some(field_text(program, f));
            }
        }
    }
    match navigate::at(analysis, file, offset)?.target {
        Target::Type(key) => Some(type_text(program, program.types.get(&key)?)),
        Target::Tool(..) | Target::File(_) => None,
    }
}

/// A diagnostic code (`W0012`) or lint name (`missing_doc`) under the cursor,
/// as in `@allow(...)`: its title and the first paragraph of `toolc explain`.
fn code_at(text: &str, offset: usize) -> Option<String> {
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let start = text[..offset.min(text.len())]
        .rfind(|c: char| !is_word(c))
        .map_or(0, |i| i + 1);
    let end = text[start..]
        .find(|c: char| !is_word(c))
        .map_or(text.len(), |i| start + i);
    let word = &text[start..end];
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let in_allow = text[line_start..start].contains("allow(");
    let looks_like_code = word.len() == 5
        && (word.starts_with('E') || word.starts_with('W'))
        && word[1..].bytes().all(|b| b.is_ascii_digit());
    if !in_allow && !looks_like_code {
        return None;
    }
    let info = toolc::internal::diagnostics::lookup(word)?;
    let first = info
        .explanation
        .split("\n\n")
        .map(str::trim)
        .find(|p| !p.is_empty() && !p.starts_with('#') && !p.starts_with("Name:"))
        .unwrap_or_default();
    Some(format!(
        "**{}** `{}`: {}\n\n{first}\n\n(`toolc explain {}` says more)",
        info.code, info.name, info.title, info.code
    ))
}

fn tool_text(tool: &Tool) -> String {
    let mut s = format!("**tool** `{}`", tool.name);
    if let Some(title) = &tool.title {
        s.push_str(&format!(" ({title})"));
    }
    s.push_str("\n\n");
    if let Some(doc) = &tool.doc {
        s.push_str(&format!("{doc}\n\n"));
    }
    let mut facts = vec![
        format!("tier: {}", tool.tier.as_str()),
        format!("risk: {}", tool.risk.as_str()),
        if tool.mutates { "mutates" } else { "read-only" }.to_string(),
    ];
    let flags = [
        (tool.idempotent, "idempotent"),
        (tool.open_world, "open world"),
        (tool.destructive, "destructive"),
        (tool.confirm, "needs confirmation"),
        (tool.open, "open arguments"),
    ];
    facts.extend(
        flags
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, n)| n.to_string()),
    );
    if let Some(ms) = tool.timeout_ms {
        facts.push(format!("timeout: {ms} ms"));
    }
    if let Some(r) = tool.rate_limit {
        facts.push(format!("rate limit: {} per {} ms", r.count, r.per_ms));
    }
    if let Some(t) = tool.task_support {
        facts.push(format!(
            "MCP task support: {} (toolc calls it directly)",
            t.as_str()
        ));
    }
    if !tool.permissions.is_empty() {
        facts.push(format!("requires: {}", tool.permissions.join(", ")));
    }
    if let Some(d) = &tool.deprecated {
        facts.push(format!("deprecated{}", note(d.note.as_deref())));
    }
    facts.push(format!(
        "{} parameter(s), {} error(s), {} example(s)",
        tool.params.len(),
        tool.errors.len(),
        tool.examples.len()
    ));
    s.push_str(
        &facts
            .iter()
            .map(|f| format!("- {f}"))
            .collect::<Vec<_>>()
            .join("\n"),
    );
    s
}

fn note(n: Option<&str>) -> String {
    n.map(|n| format!(": {n}")).unwrap_or_default()
}

fn field_text(program: &Program, f: &Field) -> String {
    let optional = if f.optional { "?" } else { "" };
    let mut s = format!(
        "```tool\n{}{optional}: {}\n```\n",
        f.name,
        program.type_text(&f.ty)
    );
    let mut facts = constraint_lines(&f.ty.constraints);
    if let TyKind::Named { key } = &f.ty.kind {
        if let Some(def) = program.types.get(key) {
            facts.push(format!("`{}`: {}", def.name, resolved(program, def)));
        }
    }
    if let Some(d) = &f.default {
        facts.push(format!("default: `{}`", d.value));
    }
    facts.push(
        if f.is_required() {
            "required"
        } else {
            "not required"
        }
        .into(),
    );
    if f.secret {
        facts.push("secret".into());
    }
    if let Some(d) = &f.deprecated {
        facts.push(format!("deprecated{}", note(d.note.as_deref())));
    }
    s.push_str(&facts.iter().map(|f| format!("- {f}\n")).collect::<String>());
    if let Some(doc) = &f.doc {
        s.push_str(&format!("\n{doc}"));
    }
    s
}

fn type_text(program: &Program, def: &TypeDef) -> String {
    let mut s = format!("```tool\n{}\n```\n{}", def.name, resolved(program, def));
    if let Some(doc) = &def.doc {
        s.push_str(&format!("\n\n{doc}"));
    }
    s
}

/// What a named type is, in one line.
fn resolved(program: &Program, def: &TypeDef) -> String {
    match &def.kind {
        TypeDefKind::Alias { target } => {
            let mut s = format!("alias of `{}`", program.type_text(target));
            for c in constraint_lines(&target.constraints) {
                s.push_str(&format!(", {c}"));
            }
            s
        }
        TypeDefKind::Enum { variants } => {
            let values: Vec<String> = variants.iter().map(|v| format!("`{}`", v.value)).collect();
            format!("enum: {}", values.join(", "))
        }
        TypeDefKind::Struct { fields } => format!("struct of {} field(s)", fields.len()),
        TypeDefKind::Union {
            discriminator,
            variants,
        } => format!(
            "union by `{discriminator}`: {}",
            variants.keys().cloned().collect::<Vec<_>>().join(", ")
        ),
    }
}

fn bound(b: &Bound) -> String {
    format!(
        "{}{}",
        b.value,
        if b.exclusive { " (exclusive)" } else { "" }
    )
}

fn constraint_lines(c: &Constraints) -> Vec<String> {
    let mut out = Vec::new();
    let mut add = |name: &str, v: Option<String>| {
        if let Some(v) = v {
            out.push(format!("{name}: {v}"));
        }
    };
    add("minimum", c.minimum.as_ref().map(bound));
    add("maximum", c.maximum.as_ref().map(bound));
    add("multiple of", c.multiple_of.as_ref().map(|n| n.to_string()));
    add("min length", c.min_length.map(|n| n.to_string()));
    add("max length", c.max_length.map(|n| n.to_string()));
    add(
        "pattern",
        c.pattern.as_ref().map(|p| format!("`{}`", p.source)),
    );
    add("format", c.format.map(|f| f.name().to_string()));
    add("min items", c.min_items.map(|n| n.to_string()));
    add("max items", c.max_items.map(|n| n.to_string()));
    add("unique items", c.unique_items.then(|| "yes".to_string()));
    add(
        "key pattern",
        c.key_pattern.as_ref().map(|p| format!("`{}`", p.source)),
    );
    add("min entries", c.min_properties.map(|n| n.to_string()));
    add("max entries", c.max_properties.map(|n| n.to_string()));
    out
}
