//! Tools and the package of an input file.

use indexmap::{IndexMap, IndexSet};

use super::values::literal;
use super::{Lowerer, Scope, Unit, docs};
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{ErrorDecl, Example, Literal, Package, Risk, Tool, TypeKey, is_blank};
use crate::source::Span;
use crate::syntax::ast::{self, BodyEntry, ItemKind, ValueKind};

impl Lowerer<'_> {
    /// The package of a file: its tools (`tools`, the file's tool items,
    /// taken out of its syntax tree by [`super::take_tools`]) and the types
    /// it declares. Each tool's syntax tree is freed as soon as it is
    /// lowered, so the program's memory reuses the tree's.
    pub fn package(&mut self, unit: &Unit, tools: Vec<ast::Item>, scope: &Scope) -> Package {
        // Sized up front: a `Tool` is large, and growing the map copies them.
        let mut lowered: IndexMap<String, Tool> = IndexMap::with_capacity(tools.len());
        for item in tools {
            let ItemKind::Tool(t) = &item.kind else {
                continue;
            };
            if let Some(first) = lowered.get(&t.name.text) {
                self.push(Diagnostic::twice(
                    codes::DUPLICATE_NAME,
                    t.name.span,
                    first.name_span,
                    format!("the tool `{}` is defined twice", t.name.text),
                    "defined",
                ));
                continue;
            }
            let tool = self.tool(scope, &item, t);
            lowered.insert(tool.name.clone(), tool);
        }
        let mut types: IndexSet<TypeKey> = IndexSet::new();
        for item in &unit.ast.items {
            match &item.kind {
                ItemKind::Alias(ast::AliasDecl { name, .. })
                | ItemKind::Enum(ast::EnumDecl { name, .. })
                | ItemKind::Struct(ast::StructDecl { name, .. })
                | ItemKind::Union(ast::UnionDecl { name, .. }) => {
                    let key = TypeKey::new(&unit.package, &name.text);
                    let ours = scope.get(&name.text).is_some_and(|v| v.span == name.span);
                    if ours && self.program.types.contains_key(&key) {
                        types.insert(key);
                    }
                }
                _ => {}
            }
        }
        Package {
            name: unit.package.clone(),
            doc: docs::join(&unit.ast.inner_doc),
            path: unit.display.clone(),
            tools: lowered,
            types: types.into_iter().collect(),
            span: unit.package_span,
        }
    }

    /// E0001 for the parts of `error CODE "message" help "..."` a model
    /// relies on when they are empty: a code to match on, a message saying
    /// what went wrong, and a help, when given, saying what to do next.
    fn check_error_texts(&mut self, e: &ast::ErrorDecl) {
        let empty = [
            (
                is_blank(&e.code.text),
                e.code.span,
                "the error code is empty",
                "name the error, such as `not_found`",
            ),
            (
                is_blank(&e.message.value),
                e.message.span,
                "the error's message is empty",
                "say what went wrong, in words a model can act on",
            ),
            (
                e.help.as_ref().is_some_and(|h| is_blank(&h.value)),
                e.help.as_ref().map_or(e.span, |h| h.span),
                "the error's help is empty",
                "say what to do next, or leave `help` out",
            ),
        ];
        for (is_empty, span, message, help) in empty {
            if is_empty {
                self.push(
                    Diagnostic::new(codes::SYNTAX, span, message)
                        .with_label("empty")
                        .with_help(help),
                );
            }
        }
    }

    fn tool(&mut self, scope: &Scope, item: &ast::Item, t: &ast::ToolDecl) -> Tool {
        let attrs = self.tool_attrs(&item.attrs);
        let mut params = self.fields(scope, &t.params, "parameter");
        self.fill_values(&t.params, &mut params);
        params.values_mut().for_each(|f| self.fix_ty(&mut f.ty));
        let output = t.output.as_ref().map(|o| {
            let mut ty = self.lower_ty(scope, o);
            self.fix_ty(&mut ty);
            ty
        });
        let mut errors: IndexMap<String, ErrorDecl> = IndexMap::new();
        let mut examples = Vec::new();
        for entry in t.body.iter().flat_map(|b| &b.entries) {
            match entry {
                BodyEntry::Error(e) => {
                    self.check_error_texts(e);
                    if let Some(first) = errors.get(&e.code.text) {
                        self.push(Diagnostic::twice(
                            codes::DUPLICATE_NAME,
                            e.code.span,
                            first.span,
                            format!("the error code `{}` is declared twice", e.code.text),
                            "declared",
                        ));
                        continue;
                    }
                    errors.insert(
                        e.code.text.clone(),
                        ErrorDecl {
                            code: e.code.text.clone(),
                            message: e.message.value.clone(),
                            help: e.help.as_ref().map(|h| h.value.clone()),
                            suggestions: e.suggestions.iter().map(|s| s.value.clone()).collect(),
                            suggestion_spans: e.suggestions.iter().map(|s| s.span).collect(),
                            retryable: e.retryable,
                            span: e.span,
                        },
                    );
                }
                BodyEntry::Example(x) => examples.push(self.example(x, &params)),
            }
        }
        let risk = attrs.risk.unwrap_or(if attrs.mutates {
            Risk::Medium
        } else {
            Risk::Low
        });
        Tool {
            name: t.name.text.clone(),
            title: attrs.title,
            doc: docs::join(&item.doc),
            params,
            output,
            tier: attrs.tier,
            mutates: attrs.mutates,
            risk,
            idempotent: attrs.idempotent,
            open_world: attrs.open_world,
            destructive: attrs.destructive,
            confirm: attrs.confirm,
            open: attrs.open,
            timeout_ms: attrs.timeout_ms,
            rate_limit: attrs.rate_limit,
            task_support: attrs.task_support,
            permissions: attrs.permissions,
            deprecated: attrs.deprecated,
            errors,
            examples,
            meta: attrs.meta,
            target_names: attrs.target_names,
            allow: attrs.allow,
            span: item.span,
            name_span: t.name.span,
        }
    }

    /// An example's arguments, with identifiers resolved against the
    /// parameter types. Unknown parameters are kept for `check` to report.
    fn example(
        &mut self,
        x: &ast::ExampleDecl,
        params: &IndexMap<String, crate::ir::Field>,
    ) -> Example {
        let mut args: IndexMap<String, Literal> = IndexMap::new();
        let mut key_spans: IndexMap<String, Span> = IndexMap::new();
        if let ValueKind::Object(entries) = &x.args.kind {
            for (key, value) in entries {
                if let Some(first) = key_spans.get(key.text.as_str()) {
                    self.push(Diagnostic::twice(
                        codes::INVALID_EXAMPLE,
                        key.span,
                        *first,
                        format!("`{}` is given twice", key.text),
                        "given",
                    ));
                    continue;
                }
                key_spans.insert(key.text.clone(), key.span);
                let ty = params.get(&key.text).map(|p| &p.ty);
                let lowered = self.value(value, ty, codes::INVALID_EXAMPLE);
                args.insert(key.text.clone(), literal(lowered, value));
            }
        }
        Example {
            title: x.title.as_ref().map(|t| t.value.clone()),
            args,
            key_spans,
            semicolon: x.semicolon,
            span: x.span,
        }
    }
}
