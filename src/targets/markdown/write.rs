//! The embedded template, `targets/markdown/package.md.j2`, written out
//! directly. Rendering through minijinja first turns the whole view into
//! template values (a map per row, a string copy per cell) and then
//! interprets the loops: for a large package that was about half of this
//! target's work, and the documents are the same. A build without a
//! template override takes this path; an override still goes through
//! minijinja. The tests render every example and test case both ways and
//! compare the bytes, so the two cannot drift apart.

use super::view::{DocumentView, RowView, ToolView, TypeView};

/// The header of every parameter and field table.
const TABLE_HEAD: &str = "| Name | Type | Required | Default | Constraints | Description |\n\
                          | --- | --- | --- | --- | --- | --- |\n";

/// The document the embedded template renders for `view`.
pub fn document(view: &DocumentView) -> String {
    let mut out = String::with_capacity(estimate(view));
    push_line(&mut out, &["<!-- ", &view.header, " -->"]);
    push_line(&mut out, &["# ", &view.package]);
    if let Some(doc) = non_empty(view.doc.as_deref()) {
        push_paragraph(&mut out, doc);
    }
    for tier in &view.tiers {
        out.push('\n');
        push_line(&mut out, &["## ", tier.heading]);
        for tool in &tier.tools {
            push_tool(&mut out, tool);
        }
    }
    if !view.types.is_empty() {
        out.push_str("\n## Types\n");
        for ty in &view.types {
            push_type(&mut out, ty);
        }
    }
    out
}

fn push_tool(out: &mut String, tool: &ToolView) {
    out.push('\n');
    push_line(out, &["### ", &tool.heading]);
    if let Some(description) = non_empty(tool.description.as_deref()) {
        push_paragraph(out, description);
    }
    push_paragraph(out, &tool.facts);
    push_table(out, &tool.params);
    push_list(out, &tool.param_notes);
    push_paragraph(out, &tool.returns);
    if !tool.errors.is_empty() {
        out.push_str("\nErrors:\n\n");
        for line in &tool.errors {
            push_line(out, &[line]);
        }
    }
    for example in &tool.examples {
        out.push('\n');
        push_line(out, &[&example.title, ":"]);
        out.push_str("\n```json\n");
        push_line(out, &[&example.json]);
        out.push_str("```\n");
    }
}

fn push_type(out: &mut String, ty: &TypeView) {
    out.push('\n');
    push_line(out, &["### ", &ty.name]);
    if let Some(doc) = non_empty(ty.doc.as_deref()) {
        push_paragraph(out, doc);
    }
    push_paragraph(out, &ty.summary);
    if !ty.items.is_empty() {
        out.push('\n');
        for line in &ty.items {
            push_line(out, &[line]);
        }
    }
    push_table(out, &ty.fields);
    push_list(out, &ty.field_notes);
}

/// A table after a blank line; nothing for no rows.
fn push_table(out: &mut String, rows: &[RowView]) {
    if rows.is_empty() {
        return;
    }
    out.push('\n');
    out.push_str(TABLE_HEAD);
    for row in rows {
        push_line(out, &[&row.line]);
    }
}

/// List lines after a blank line; nothing for no lines.
fn push_list(out: &mut String, lines: &[String]) {
    if lines.is_empty() {
        return;
    }
    out.push('\n');
    for line in lines {
        push_line(out, &[line]);
    }
}

/// `text` after a blank line.
fn push_paragraph(out: &mut String, text: &str) {
    out.push('\n');
    push_line(out, &[text]);
}

fn push_line(out: &mut String, parts: &[&str]) {
    for part in parts {
        out.push_str(part);
    }
    out.push('\n');
}

/// The template's `{% if x %}` for an optional string: absent and empty are
/// both false.
fn non_empty(text: Option<&str>) -> Option<&str> {
    text.filter(|t| !t.is_empty())
}

/// About the length of the document, so the buffer is allocated once.
fn estimate(view: &DocumentView) -> usize {
    let rows = |rows: &[RowView]| rows.iter().map(|r| r.line.len() + 1).sum::<usize>();
    let lines = |lines: &[String]| lines.iter().map(|l| l.len() + 1).sum::<usize>();
    let tools: usize = view
        .tiers
        .iter()
        .flat_map(|t| &t.tools)
        .map(|t| {
            256 + t.heading.len()
                + t.description.as_ref().map_or(0, String::len)
                + t.facts.len()
                + t.returns.len()
                + rows(&t.params)
                + lines(&t.param_notes)
                + t.errors.iter().map(|e| e.len() + 1).sum::<usize>()
                + t.examples
                    .iter()
                    .map(|e| 32 + e.title.len() + e.json.len())
                    .sum::<usize>()
        })
        .sum();
    let types: usize = view
        .types
        .iter()
        .map(|t| {
            256 + t.name.len()
                + t.doc.as_ref().map_or(0, String::len)
                + t.summary.len()
                + t.items.iter().map(|i| i.len() + 1).sum::<usize>()
                + rows(&t.fields)
                + lines(&t.field_notes)
        })
        .sum();
    256 + view.header.len() + view.doc.as_ref().map_or(0, String::len) + tools + types
}
