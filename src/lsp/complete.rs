//! Completion, from the text before the cursor: attributes after `@`, the
//! words `@risk(...)` and `@task_support(...)` take, format names after `format`, enum variants in defaults and examples, and
//! otherwise the types in scope.

use lsp_types::{CompletionItem, CompletionItemKind};
use toolc::internal::driver::Analysis;
use toolc::internal::ir::attributes::{FIELD_ATTRS, STRUCT_ATTRS, TOOL_ATTRS};
use toolc::internal::ir::{Field, Format, TyKind, TypeDefKind};

use super::navigate::{self, Target};

const BUILTINS: &[&str] = &["string", "int", "number", "bool", "json", "map"];

/// The attributes whose argument is one of a few words, and those words.
const ATTRIBUTE_WORDS: &[(&str, &[&str])] = &[
    ("risk", &["low", "medium", "high", "critical"]),
    ("task_support", &["optional", "required"]),
];

pub fn complete(
    analysis: &Analysis,
    file: usize,
    offset: usize,
    text: &str,
) -> Vec<CompletionItem> {
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let before = &text[line_start..offset];
    // The word being typed is left out of what decides the context.
    let head = before.trim_end_matches(|c: char| c.is_alphanumeric() || c == '_' || c == '-');
    if head.ends_with('@') {
        let mut names: Vec<&str> = TOOL_ATTRS.to_vec();
        names.extend(FIELD_ATTRS.iter().chain(STRUCT_ATTRS));
        names.sort();
        names.dedup();
        return items(
            names.iter().map(|n| n.to_string()),
            CompletionItemKind::PROPERTY,
        );
    }
    if let Some(words) = attribute_words(head) {
        return items(
            words.iter().map(|w| w.to_string()),
            CompletionItemKind::ENUM_MEMBER,
        );
    }
    if head.trim_end().ends_with("format") && head.ends_with(char::is_whitespace) {
        let names = Format::ALL.iter().map(|f| f.name().to_string());
        return items(names, CompletionItemKind::CONSTANT);
    }
    if head.trim_end().ends_with('=') {
        if let Some(f) = field_at(analysis, file, offset) {
            return variants(analysis, f);
        }
    }
    if head.trim_end().ends_with(':') {
        if let Some(f) = example_key(analysis, file, offset, head) {
            return variants(analysis, f);
        }
    }
    types_in_scope(analysis, file)
}

/// The words the attribute whose `(` ends `head` takes, if it takes a fixed
/// set (`@task_support(` gives `optional` and `required`).
fn attribute_words(head: &str) -> Option<&'static [&'static str]> {
    let before = head.trim_end().strip_suffix('(')?.trim_end();
    let (_, name) = before.rsplit_once('@')?;
    ATTRIBUTE_WORDS
        .iter()
        .find(|(attribute, _)| *attribute == name)
        .map(|(_, words)| *words)
}

fn items(labels: impl Iterator<Item = String>, kind: CompletionItemKind) -> Vec<CompletionItem> {
    labels
        .map(|label| CompletionItem {
            label,
            kind: Some(kind),
            ..Default::default()
        })
        .collect()
}

/// The parameter or struct field whose declaration holds `offset`.
fn field_at(analysis: &Analysis, file: usize, offset: usize) -> Option<&Field> {
    let program = &analysis.program;
    let inside = |f: &&Field| f.span.file == file && f.span.start <= offset && offset <= f.span.end;
    let params = program
        .packages
        .values()
        .flat_map(|p| p.tools.values())
        .flat_map(|t| t.params.values());
    let fields = program.types.values().flat_map(|d| match &d.kind {
        TypeDefKind::Struct { fields } => Some(fields.values()),
        _ => None,
    });
    params.chain(fields.flatten()).find(inside)
}

/// The parameter an example's `name:` before the cursor names.
fn example_key<'a>(
    analysis: &'a Analysis,
    file: usize,
    offset: usize,
    head: &str,
) -> Option<&'a Field> {
    let key: String = head
        .trim_end()
        .trim_end_matches(':')
        .trim_end()
        .chars()
        .rev()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let tools = analysis
        .program
        .packages
        .values()
        .flat_map(|p| p.tools.values());
    let tool = tools.into_iter().find(|t| {
        t.span.file == file
            && t.examples
                .iter()
                .any(|e| e.span.start <= offset && offset <= e.span.end)
    })?;
    tool.params.get(&key)
}

/// The values a field of an enum (or literal union) type takes.
fn variants(analysis: &Analysis, field: &Field) -> Vec<CompletionItem> {
    let values: Vec<String> = match &field.ty.kind {
        TyKind::Named { key } => match analysis.program.types.get(key).map(|d| &d.kind) {
            Some(TypeDefKind::Enum { variants }) => variants
                .iter()
                .map(|v| {
                    let plain = v.value.chars().all(|c| c.is_alphanumeric() || c == '_');
                    if plain {
                        v.value.clone()
                    } else {
                        format!("{:?}", v.value)
                    }
                })
                .collect(),
            _ => Vec::new(),
        },
        TyKind::Literals { values } => values.iter().map(|l| l.value.to_string()).collect(),
        _ => Vec::new(),
    };
    items(values.into_iter(), CompletionItemKind::ENUM_MEMBER)
}

/// The built-in types, the file's own types and those of the files it
/// imports.
fn types_in_scope(analysis: &Analysis, file: usize) -> Vec<CompletionItem> {
    let imported: Vec<usize> = navigate::imports(&analysis.sources)
        .into_iter()
        .filter(|o| o.span.file == file)
        .filter_map(|o| match o.target {
            Target::File(path) => analysis.sources.find(&path),
            _ => None,
        })
        .collect();
    let mut out = items(
        BUILTINS.iter().map(|b| b.to_string()),
        CompletionItemKind::KEYWORD,
    );
    for def in analysis.program.types.values() {
        let f = def.name_span.file;
        if f == file || imported.contains(&f) {
            let kind = match def.kind {
                TypeDefKind::Enum { .. } => CompletionItemKind::ENUM,
                TypeDefKind::Struct { .. } => CompletionItemKind::STRUCT,
                _ => CompletionItemKind::CLASS,
            };
            out.push(CompletionItem {
                label: def.name.clone(),
                kind: Some(kind),
                documentation: def.doc.clone().map(lsp_types::Documentation::String),
                ..Default::default()
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::attribute_words;

    #[test]
    fn attribute_arguments_complete_to_their_words() {
        assert_eq!(
            attribute_words("@mutates @task_support("),
            Some(&["optional", "required"][..])
        );
        // Spaces inside the parentheses are the formatter's business.
        assert_eq!(
            attribute_words("@task_support( "),
            attribute_words("@task_support(")
        );
        assert_eq!(
            attribute_words("@core @risk("),
            Some(&["low", "medium", "high", "critical"][..])
        );
        assert_eq!(attribute_words("@timeout("), None);
        assert_eq!(attribute_words("tool f("), None);
    }
}
