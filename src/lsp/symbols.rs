//! Document symbols: the file's types (with their fields and variants) and
//! tools (with their parameters), in source order.

use lsp_types::{DocumentSymbol, SymbolKind};
use toolc::internal::driver::Analysis;
use toolc::internal::ir::{Field, TypeDefKind};
use toolc::internal::source::Span;

use super::position::range;

#[allow(deprecated)] // `deprecated` is a field the struct still requires.
fn symbol(
    text: &str,
    name: &str,
    kind: SymbolKind,
    span: Span,
    name_span: Span,
    children: Vec<DocumentSymbol>,
) -> DocumentSymbol {
    // The selection must lie within the whole range.
    let span = span.to(name_span);
    DocumentSymbol {
        name: name.to_string(),
        detail: None,
        kind,
        tags: None,
        deprecated: None,
        range: range(text, span.start, span.end),
        selection_range: range(text, name_span.start, name_span.end),
        children: (!children.is_empty()).then_some(children),
    }
}

fn fields<'a>(
    text: &str,
    fields: impl Iterator<Item = &'a Field>,
    kind: SymbolKind,
) -> Vec<DocumentSymbol> {
    fields
        .map(|f| symbol(text, &f.name, kind, f.span, f.name_span, Vec::new()))
        .collect()
}

pub fn symbols(analysis: &Analysis, file: usize, text: &str) -> Vec<DocumentSymbol> {
    let mut out: Vec<(usize, DocumentSymbol)> = Vec::new();
    for def in analysis.program.types.values() {
        if def.span.file != file {
            continue;
        }
        let (kind, children) = match &def.kind {
            TypeDefKind::Struct { fields: f } => (
                SymbolKind::STRUCT,
                fields(text, f.values(), SymbolKind::FIELD),
            ),
            TypeDefKind::Enum { variants } => (
                SymbolKind::ENUM,
                variants
                    .iter()
                    .map(|v| {
                        symbol(
                            text,
                            &v.value,
                            SymbolKind::ENUM_MEMBER,
                            v.span,
                            v.span,
                            Vec::new(),
                        )
                    })
                    .collect(),
            ),
            TypeDefKind::Union { variants, .. } => (
                SymbolKind::ENUM,
                variants
                    .iter()
                    .map(|(tag, v)| {
                        symbol(
                            text,
                            tag,
                            SymbolKind::ENUM_MEMBER,
                            v.span,
                            v.span,
                            Vec::new(),
                        )
                    })
                    .collect(),
            ),
            TypeDefKind::Alias { .. } => (SymbolKind::TYPE_PARAMETER, Vec::new()),
        };
        out.push((
            def.span.start,
            symbol(text, &def.name, kind, def.span, def.name_span, children),
        ));
    }
    for tool in analysis
        .program
        .packages
        .values()
        .flat_map(|p| p.tools.values())
    {
        if tool.span.file == file {
            let params = fields(text, tool.params.values(), SymbolKind::VARIABLE);
            out.push((
                tool.span.start,
                symbol(
                    text,
                    &tool.name,
                    SymbolKind::FUNCTION,
                    tool.span,
                    tool.name_span,
                    params,
                ),
            ));
        }
    }
    out.sort_by_key(|(start, _)| *start);
    out.into_iter().map(|(_, s)| s).collect()
}
