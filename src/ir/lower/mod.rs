//! Lowering: parsed files (with their imports already followed by
//! [`crate::ir::load`]) into one resolved [`Program`].
//!
//! Order of work: declare every named type of every file (`E0101`), build
//! each file's scope from its own names and its direct imports (`E0106`),
//! lower type definitions, then fill in defaults, examples and tools (which
//! need the lowered types to resolve enum variants written as identifiers),
//! and finally mark recursive types.

pub(crate) mod attrs;
mod docs;
mod items;
mod recursive;
mod tool_attrs;
mod tools;
mod tuples;
mod types;
mod values;

pub use tuples::MAX_TUPLE;

use foldhash::{HashMap, HashMapExt};
use std::sync::{Mutex, PoisonError};

use crate::diagnostics::{Diagnostic, Diagnostics, codes};
use crate::ir::{IR_FORMAT_VERSION, Program, TypeKey};
use crate::source::{FileId, Span};
use crate::syntax::ast;

/// One parsed file and what the loader learned about it.
pub struct Unit {
    pub file: FileId,
    pub ast: ast::File,
    pub package: String,
    /// The span of `package name;`, or the file start.
    pub package_span: Span,
    /// The name diagnostics and `Package.path` show.
    pub display: String,
    /// Inputs produce packages; imported-only files only contribute types.
    pub is_input: bool,
    /// Units this file imports directly (indices into the unit list) with
    /// the span of the `use` that imports each.
    pub imports: Vec<(usize, Span)>,
}

/// Built-in type names; user types may not take them.
pub const BUILTINS: [&str; 5] = ["string", "int", "number", "bool", "json"];

/// A name visible in a file: the type's key and where it was declared.
#[derive(Clone)]
pub struct Visible {
    pub key: TypeKey,
    pub span: Span,
}

/// The names visible in one file.
pub type Scope = HashMap<String, Visible>;

pub struct Lowerer<'a> {
    pub units: &'a [Unit],
    /// What each unit declares (same order as `units`), for hints about
    /// names that exist in a file that is not imported.
    pub declared: Vec<Scope>,
    /// What lowering reports; [`lower`] hands them to its caller.
    pub diags: Diagnostics,
    pub program: Program,
}

/// Lowers every unit into a program. The units' tools are taken out of
/// their syntax trees and freed as they are lowered; the rest of each tree
/// stays.
pub fn lower(units: &mut [Unit], diags: &mut Diagnostics) -> Program {
    let tools: Vec<Vec<ast::Item>> = units.iter_mut().map(|u| take_tools(&mut u.ast)).collect();
    let units: &[Unit] = units;
    let mut lw = Lowerer {
        units,
        declared: Vec::new(),
        diags: Diagnostics::new(),
        program: Program {
            format_version: IR_FORMAT_VERSION,
            ..Program::default()
        },
    };
    let declared: Vec<Scope> = units.iter().map(|u| lw.declare(u)).collect();
    lw.declared = declared.clone();
    let scopes: Vec<Scope> = units
        .iter()
        .enumerate()
        .map(|(i, u)| lw.scope(u, i, &declared))
        .collect();
    for (unit, scope) in units.iter().zip(&scopes) {
        lw.type_defs(unit, scope);
    }
    lw.fix_lengths();
    for (unit, scope) in units.iter().zip(&scopes) {
        lw.field_values(unit, scope);
    }
    // Tools only read the lowered types, so the files' tools are lowered on
    // all cores, each thread with its own copy of the (types-only) program;
    // packages and diagnostics are taken in file order.
    let work: Vec<UnitTools<'_>> = units
        .iter()
        .zip(&scopes)
        .zip(tools)
        .map(|((unit, scope), tools)| UnitTools {
            unit,
            scope,
            tools: Mutex::new(tools),
        })
        .collect();
    let per_unit = {
        let shared = &lw;
        crate::parallel::map_with(
            &work,
            4,
            || Lowerer {
                units,
                declared: shared.declared.clone(),
                diags: Diagnostics::new(),
                program: shared.program.clone(),
            },
            |worker, work| {
                // Each unit is drawn once: the lock is never contended.
                let tools =
                    std::mem::take(&mut *work.tools.lock().unwrap_or_else(PoisonError::into_inner));
                let package = worker.package(work.unit, tools, work.scope);
                (package, std::mem::take(&mut worker.diags))
            },
        )
    };
    for (work, (package, unit_diags)) in work.iter().zip(per_unit) {
        // Every file's tools are lowered, so their errors are reported; only
        // inputs produce packages.
        lw.diags.extend(unit_diags);
        let packages = if work.unit.is_input {
            &mut lw.program.packages
        } else {
            &mut lw.program.imported
        };
        packages.insert(work.unit.package.clone(), package);
    }
    lw.mark_recursive();
    diags.extend(lw.diags);
    lw.program
}

/// A unit's share of the parallel tool lowering. The tools are owned, so the
/// thread that lowers them frees them; the mutex only hands them over.
struct UnitTools<'a> {
    unit: &'a Unit,
    scope: &'a Scope,
    tools: Mutex<Vec<ast::Item>>,
}

/// The tool items of `file`, in order, taken out of its item list (the
/// other items keep their order).
fn take_tools(file: &mut ast::File) -> Vec<ast::Item> {
    let (tools, rest) = std::mem::take(&mut file.items)
        .into_iter()
        .partition(|item| matches!(item.kind, ast::ItemKind::Tool(_)));
    file.items = rest;
    tools
}

impl Lowerer<'_> {
    pub fn push(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    /// A help line for an unknown type name declared in a file this one does
    /// not import.
    pub fn declared_elsewhere(&self, name: &str) -> Option<String> {
        let (i, _) = self
            .declared
            .iter()
            .enumerate()
            .find(|(_, scope)| scope.contains_key(name))?;
        Some(format!(
            "`{name}` is declared in `{}`, which this file does not import (imports are not transitive)",
            self.units[i].display
        ))
    }

    /// The named types a file declares (`E0101` on duplicates).
    fn declare(&mut self, unit: &Unit) -> Scope {
        let mut scope = Scope::new();
        for item in &unit.ast.items {
            if let (ast::ItemKind::Package(_) | ast::ItemKind::Use(_), Some(a)) =
                (&item.kind, item.attrs.first())
            {
                let what = match item.kind {
                    ast::ItemKind::Package(_) => "`package`",
                    _ => "`use`",
                };
                self.push(
                    Diagnostic::new(
                        codes::INVALID_ATTRIBUTE,
                        a.span,
                        format!("attributes do not apply to {what}"),
                    )
                    .with_label("ignored here"),
                );
            }
            let name = match &item.kind {
                ast::ItemKind::Alias(a) => &a.name,
                ast::ItemKind::Enum(e) => &e.name,
                ast::ItemKind::Struct(s) => &s.name,
                ast::ItemKind::Union(u) => &u.name,
                _ => continue,
            };
            if BUILTINS.contains(&name.text.as_str()) || name.text == "map" {
                self.push(
                    Diagnostic::new(
                        codes::DUPLICATE_NAME,
                        name.span,
                        format!("`{}` is a built-in type and cannot be redefined", name.text),
                    )
                    .with_label("built-in name"),
                );
                continue;
            }
            if let Some(first) = scope.get(&name.text) {
                self.push(Diagnostic::twice(
                    codes::DUPLICATE_NAME,
                    name.span,
                    first.span,
                    format!("the type `{}` is defined twice", name.text),
                    "defined",
                ));
                continue;
            }
            scope.insert(
                name.text.clone(),
                Visible {
                    key: TypeKey::new(&unit.package, &name.text),
                    span: name.span,
                },
            );
        }
        scope
    }

    /// A file's own names plus those of its direct imports (`E0106` when an
    /// import brings a name the file or another import already has).
    fn scope(&mut self, unit: &Unit, index: usize, declared: &[Scope]) -> Scope {
        let mut scope = declared[index].clone();
        let mut seen = vec![index];
        for &(imp, use_span) in &unit.imports {
            if seen.contains(&imp) {
                continue;
            }
            seen.push(imp);
            let mut names: Vec<(&String, &Visible)> = declared[imp].iter().collect();
            names.sort_by_key(|(_, v)| v.span.start);
            for (name, vis) in names {
                if let Some(existing) = scope.get(name) {
                    let there = &self.units[imp].display;
                    let first = if existing.span.file == unit.file {
                        "this file".to_string()
                    } else {
                        self.units
                            .iter()
                            .find(|u| u.file == existing.span.file)
                            .map_or_else(|| "another import".into(), |u| format!("`{}`", u.display))
                    };
                    self.push(
                        Diagnostic::new(
                            codes::IMPORT_COLLISION,
                            use_span,
                            format!("`{name}` is declared in {first} and in `{there}`"),
                        )
                        .with_label(format!("this import brings a second `{name}`"))
                        .with_secondary(existing.span, format!("`{name}` declared here"))
                        .with_secondary(vis.span, format!("another `{name}` declared here")),
                    );
                    continue;
                }
                scope.insert(name.clone(), vis.clone());
            }
        }
        scope
    }
}
