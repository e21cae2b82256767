//! What a row of the docs must show, worked out from the IR.

use super::*;

/// What a field's row must show, worked out from the IR.
pub(super) struct Expected {
    pub(super) name: String,
    pub(super) ty: String,
    pub(super) required: &'static str,
    /// The default's JSON text.
    pub(super) default: Option<String>,
    /// The constraints' Markdown, when worded straight from the type (a
    /// field with `@schema` keywords words its lowered schema instead).
    pub(super) constraints: Option<String>,
    /// Every regex the constraints must show.
    pub(super) patterns: BTreeSet<String>,
    /// The description's prose, in the parts it is joined from: doc,
    /// title, deprecation, sensitivity. Each must show as it does alone.
    pub(super) prose: Vec<String>,
    /// The examples' JSON texts.
    pub(super) examples: Vec<String>,
}

pub(super) fn one_line(text: &str) -> String {
    text.replace("\r\n", " ").replace(['\r', '\n'], " ")
}

pub(super) fn expected(program: &Program, field: &Field) -> Expected {
    let mut prose: Vec<String> = field.doc.iter().cloned().collect();
    if let Some(title) = &field.title {
        prose.push(format!("Title: {title}."));
    }
    if let Some(dep) = &field.deprecated {
        match &dep.note {
            Some(note) => prose.push(format!("Deprecated: {note}.")),
            None => prose.push("Deprecated.".into()),
        }
    }
    if field.secret {
        prose.push("Sensitive.".into());
    }
    let mut patterns = BTreeSet::new();
    collect_patterns(program, &field.ty, &mut patterns);
    Expected {
        name: field.name.clone(),
        ty: program.type_text(&field.ty),
        required: if field.is_required() { "yes" } else { "no" },
        default: field.default.as_ref().map(|d| json(&d.value)),
        constraints: field
            .extra
            .is_empty()
            .then(|| toolc::internal::schema::constraints::type_constraints(program, &field.ty)),
        patterns,
        prose: prose
            .iter()
            .map(|p| one_line(p.trim()))
            .filter(|p| !p.is_empty())
            .collect(),
        examples: field.examples.iter().map(|e| json(&e.value)).collect(),
    }
}

pub(super) fn json(value: &serde_json::Value) -> String {
    serde_json::to_string(value).expect("JSON")
}

/// The regexes of `ty`, its items, values, members and aliases (the code
/// spans its constraints show).
pub(super) fn collect_patterns(program: &Program, ty: &Ty, out: &mut BTreeSet<String>) {
    for p in [&ty.constraints.pattern, &ty.constraints.key_pattern]
        .into_iter()
        .flatten()
    {
        out.insert(p.source.clone());
    }
    // A color is worded, not shown as its pattern: its code spans are the
    // sentence's examples.
    if ty.constraints.format == Some(Format::Color) {
        out.extend(
            [
                "#1e90ff",
                "#1e90ff80",
                "rgb(30 144 255)",
                "hsl(210deg 100% 56%)",
            ]
            .map(String::from),
        );
    }
    match &ty.kind {
        TyKind::Array { items } => collect_patterns(program, items, out),
        TyKind::Map { values } => collect_patterns(program, values, out),
        TyKind::Union { members } => {
            for m in members {
                collect_patterns(program, m, out);
            }
        }
        TyKind::Named { key } => {
            if let Some(TypeDefKind::Alias { target }) = program.type_def(key).map(|d| &d.kind) {
                collect_patterns(program, target, out);
            }
        }
        _ => {}
    }
}

/// Markdown whose rendering in a cell differs from a paragraph's on
/// purpose: raw HTML and entities are made inert in cells.
pub(super) fn has_html(md: &str) -> bool {
    md.contains(['<', '&'])
}

/// One package's docs and the fields its tables show.
pub(super) struct Doc {
    pub(super) label: String,
    pub(super) markdown: String,
    /// The names of the tools, in the document's order.
    pub(super) tool_names: Vec<String>,
    /// The fields of the tool tables, in order (tools without parameters
    /// have none).
    pub(super) tools: Vec<Vec<Expected>>,
    /// Type tables, by type name and package.
    pub(super) types: Vec<(String, String, Vec<Expected>)>,
    /// The name and package of every type of the program.
    pub(super) type_names: Vec<(String, String)>,
}

pub(super) fn docs_of(input: &Path) -> Vec<Doc> {
    let analysis = common::analyze(input);
    let program = &analysis.program;
    let files = common::generate(input, Target::Markdown, OpenAiApi::ChatCompletions);
    let mut docs = Vec::new();
    for file in files {
        let package = file.name.trim_end_matches(".md");
        let package = &program.packages[package];
        // In the document's order: core tools, then extended ones.
        let in_order: Vec<_> = [Tier::Core, Tier::Extended]
            .iter()
            .flat_map(|tier| package.tools.values().filter(move |t| t.tier == *tier))
            .collect();
        let tool_names = in_order.iter().map(|t| t.name.clone()).collect();
        let tools = in_order
            .iter()
            .filter(|t| !t.params.is_empty())
            .map(|t| t.params.values().map(|f| expected(program, f)).collect())
            .collect();
        let types = program
            .types
            .values()
            .filter_map(|def| match &def.kind {
                TypeDefKind::Struct { fields } if !fields.is_empty() => {
                    let fields = fields.values().map(|f| expected(program, f)).collect();
                    Some((def.name.clone(), def.package.clone(), fields))
                }
                _ => None,
            })
            .collect();
        docs.push(Doc {
            label: format!("{} ({})", input.display(), file.name),
            markdown: file.contents,
            tool_names,
            type_names: program
                .types
                .values()
                .map(|def| (def.name.clone(), def.package.clone()))
                .collect(),
            tools,
            types,
        });
    }
    docs
}

/// The paragraphs [`check_row`] compares cells with.
pub(super) fn paragraphs(fields: &[Expected], out: &mut BTreeSet<String>) {
    for f in fields {
        out.extend(f.constraints.clone().filter(|c| !c.is_empty()));
        out.extend(f.prose.iter().cloned());
    }
}
