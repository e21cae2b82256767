//! Where names are: every declaration and use of a type, every tool's name,
//! every `use` import; and on that, go to definition, find references and
//! rename.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use lsp_types::{Location, TextEdit, Uri, WorkspaceEdit};
use toolc::internal::driver::Analysis;
use toolc::internal::ir::{Program, Ty, TyKind, TypeDefKind, TypeKey};
use toolc::internal::source::{SourceMap, Span};
use toolc::internal::syntax::{self, ast};

use super::diagnostics::location;
use super::position::{file_range, uri_of};

/// What a name stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    Type(TypeKey),
    /// A tool, by its file and name.
    Tool(usize, String),
    /// The file a `use` imports.
    File(PathBuf),
}

#[derive(Debug, Clone)]
pub struct Occurrence {
    pub span: Span,
    pub target: Target,
    /// The declaration itself, not a use.
    pub declaration: bool,
}

/// Every type and tool name of the program, declarations and uses.
pub fn names(program: &Program, sources: &SourceMap) -> Vec<Occurrence> {
    let mut out = Vec::new();
    let refer = |ty: &Ty, out: &mut Vec<Occurrence>| walk(program, sources, ty, out);
    for (key, def) in &program.types {
        out.push(Occurrence {
            span: def.name_span,
            target: Target::Type(key.clone()),
            declaration: true,
        });
        match &def.kind {
            TypeDefKind::Alias { target } => refer(target, &mut out),
            TypeDefKind::Struct { fields } => fields.values().for_each(|f| refer(&f.ty, &mut out)),
            TypeDefKind::Union { variants, .. } => {
                for v in variants.values() {
                    if let Some(span) = name_in(program, sources, &v.ty, v.span, true) {
                        out.push(Occurrence {
                            span,
                            target: Target::Type(v.ty.clone()),
                            declaration: false,
                        });
                    }
                }
            }
            TypeDefKind::Enum { .. } => {}
        }
    }
    for package in program.packages.values() {
        for tool in package.tools.values() {
            out.push(Occurrence {
                span: tool.name_span,
                target: Target::Tool(tool.name_span.file, tool.name.clone()),
                declaration: true,
            });
            tool.params.values().for_each(|f| refer(&f.ty, &mut out));
            if let Some(output) = &tool.output {
                refer(output, &mut out);
            }
        }
    }
    out
}

fn walk(program: &Program, sources: &SourceMap, ty: &Ty, out: &mut Vec<Occurrence>) {
    match &ty.kind {
        TyKind::Named { key } => {
            if let Some(span) = name_in(program, sources, key, ty.span, false) {
                out.push(Occurrence {
                    span,
                    target: Target::Type(key.clone()),
                    declaration: false,
                });
            }
        }
        TyKind::Array { items } => walk(program, sources, items, out),
        TyKind::Map { values } => walk(program, sources, values, out),
        TyKind::Union { members } | TyKind::Tuple { items: members } => {
            members.iter().for_each(|m| walk(program, sources, m, out))
        }
        _ => {}
    }
}

/// Where the name of type `key` is written within `span` (a type
/// expression, or a union variant `tag: Name` when `last`).
fn name_in(
    program: &Program,
    sources: &SourceMap,
    key: &TypeKey,
    span: Span,
    last: bool,
) -> Option<Span> {
    let name = &program.types.get(key)?.name;
    let text = sources.get(span.file)?.text.get(span.start..span.end)?;
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    let mut found = text.match_indices(name.as_str()).filter(|(i, _)| {
        let before = text[..*i].chars().next_back();
        let after = text[i + name.len()..].chars().next();
        !before.is_some_and(is_word) && !after.is_some_and(is_word)
    });
    let at = if last { found.last() } else { found.next() }?.0;
    Some(Span::new(
        span.file,
        span.start + at,
        span.start + at + name.len(),
    ))
}

/// The `use` imports of every file: the path literal's span and the file
/// it names.
pub fn imports(sources: &SourceMap) -> Vec<Occurrence> {
    let mut out = Vec::new();
    for (id, file) in sources.files().iter().enumerate() {
        if !file.text.contains("use") {
            continue;
        }
        let (parsed, _) = syntax::parse(id, &file.text);
        let dir = file.path.parent().unwrap_or(Path::new(""));
        for item in &parsed.items {
            if let ast::ItemKind::Use(u) = &item.kind {
                let target = toolc::internal::ir::load::normalize(&dir.join(&u.path.value));
                out.push(Occurrence {
                    span: u.path.span,
                    target: Target::File(target),
                    declaration: false,
                });
            }
        }
    }
    out
}

fn contains(span: Span, file: usize, offset: usize) -> bool {
    span.file == file && span.start <= offset && offset <= span.end
}

/// The name at `offset` of `file`.
pub fn at(analysis: &Analysis, file: usize, offset: usize) -> Option<Occurrence> {
    let found = names(&analysis.program, &analysis.sources)
        .into_iter()
        .find(|o| contains(o.span, file, offset));
    found.or_else(|| {
        imports(&analysis.sources)
            .into_iter()
            .find(|o| contains(o.span, file, offset))
    })
}

pub fn definition(analysis: &Analysis, target: &Target) -> Option<Location> {
    let span = match target {
        Target::Type(key) => analysis.program.types.get(key)?.name_span,
        Target::Tool(file, name) => {
            analysis
                .program
                .packages
                .values()
                .flat_map(|p| p.tools.values())
                .find(|t| t.name_span.file == *file && &t.name == name)?
                .name_span
        }
        Target::File(path) => {
            let id = analysis.sources.find(path)?;
            Span::new(id, 0, 0)
        }
    };
    location(&analysis.sources, span)
}

/// Every place `target` is named (its declaration too when asked).
pub fn references(analysis: &Analysis, target: &Target, declaration: bool) -> Vec<Location> {
    let all = match target {
        Target::File(_) => imports(&analysis.sources),
        _ => names(&analysis.program, &analysis.sources),
    };
    all.into_iter()
        .filter(|o| &o.target == target && (declaration || !o.declaration))
        .filter_map(|o| location(&analysis.sources, o.span))
        .collect()
}

/// The edits renaming the type or tool `target` to `new_name` everywhere;
/// `None` for an import or a name that is no identifier.
// `WorkspaceEdit` is keyed by `Uri`, whose hash and equality read only
// its text; the lazily filled parts clippy sees never change them.
#[allow(clippy::mutable_key_type)]
pub fn rename(analysis: &Analysis, target: &Target, new_name: &str) -> Option<WorkspaceEdit> {
    let first = new_name.chars().next()?;
    let identifier = (first.is_alphabetic() || first == '_')
        && new_name.chars().all(|c| c.is_alphanumeric() || c == '_');
    if matches!(target, Target::File(_)) || !identifier {
        return None;
    }
    let mut changes: HashMap<Uri, Vec<TextEdit>> = HashMap::new();
    for o in names(&analysis.program, &analysis.sources) {
        if &o.target != target {
            continue;
        }
        let Some(file) = analysis.sources.get(o.span.file) else {
            continue;
        };
        changes
            .entry(uri_of(&file.path))
            .or_default()
            .push(TextEdit::new(
                file_range(file, o.span.start, o.span.end),
                new_name.to_string(),
            ));
    }
    Some(WorkspaceEdit::new(changes))
}
