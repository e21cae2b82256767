//! Following `use` imports: resolution relative to the importing file, the
//! root they must stay under, missing files and cycles.

use std::collections::HashSet;
use std::path::Path;

use super::{Loader, normalize};
use crate::diagnostics::{Diagnostic, codes};
use crate::source::Span;
use crate::syntax::ast;

impl Loader<'_> {
    /// Loads the files `entries[i]` imports (`E0103`, `E0105`).
    pub(super) fn follow_imports(&mut self, i: usize) {
        let uses: Vec<(String, Span)> = self.entries[i]
            .unit
            .ast
            .items
            .iter()
            .filter_map(|item| match &item.kind {
                ast::ItemKind::Use(u) => Some((u.path.value.clone(), u.path.span)),
                _ => None,
            })
            .collect();
        let dir = self.entries[i]
            .path
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        let root = self.entries[i].root.clone();
        let mut imported: HashSet<usize> = HashSet::new();
        for (rel, span) in uses {
            let target = normalize(&dir.join(&rel));
            if !target.starts_with(&root) || Path::new(&rel).is_absolute() {
                self.diags.push(
                    Diagnostic::new(
                        codes::IMPORT_ESCAPES_ROOT,
                        span,
                        format!("`{rel}` is outside the project root"),
                    )
                    .with_label("leaves the root")
                    .with_note(format!(
                        "imports must stay under `{}`",
                        self.root_display(&root)
                    )),
                );
                continue;
            }
            if !self.overlay.is_file(&target) {
                self.diags.push(
                    Diagnostic::new(
                        codes::IMPORT_NOT_FOUND,
                        span,
                        format!("cannot find `{rel}`"),
                    )
                    .with_label("no such file")
                    .with_note("import paths are relative to the importing file"),
                );
                continue;
            }
            let canonical_root = std::fs::canonicalize(&root).unwrap_or_else(|_| root.clone());
            if let Ok(real) = std::fs::canonicalize(&target) {
                if !real.starts_with(&canonical_root) {
                    self.diags.push(
                        Diagnostic::new(
                            codes::IMPORT_ESCAPES_ROOT,
                            span,
                            format!("`{rel}` resolves (through a link) outside the project root"),
                        )
                        .with_label("leaves the root"),
                    );
                    continue;
                }
            }
            let j = self.add(&target, &root);
            if imported.insert(j) {
                self.entries[i].unit.imports.push((j, span));
            }
        }
    }

    fn root_display(&self, root: &Path) -> String {
        let cwd = std::env::current_dir().unwrap_or_default();
        let shown = root
            .strip_prefix(&cwd)
            .map(Path::to_path_buf)
            .unwrap_or_else(|_| root.to_path_buf());
        let s = shown.to_string_lossy().replace('\\', "/");
        if s.is_empty() { ".".into() } else { s }
    }

    /// `E0104` at each `use` that closes a cycle (a back edge of a
    /// depth-first walk); the edge is then dropped.
    pub(super) fn report_cycles(&mut self) {
        let n = self.entries.len();
        // 0 = unvisited, 1 = on the stack, 2 = done.
        let mut state = vec![0u8; n];
        let mut back: Vec<(usize, usize)> = Vec::new();
        for start in 0..n {
            if state[start] != 0 {
                continue;
            }
            let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
            state[start] = 1;
            while let Some(&mut (node, ref mut next)) = stack.last_mut() {
                if let Some(&(to, _)) = self.entries[node].unit.imports.get(*next) {
                    *next += 1;
                    match state[to] {
                        0 => {
                            state[to] = 1;
                            stack.push((to, 0));
                        }
                        1 => back.push((node, to)),
                        _ => {}
                    }
                } else {
                    state[node] = 2;
                    stack.pop();
                }
            }
        }
        for (from, to) in back {
            let unit = &self.entries[from].unit;
            let Some(&(_, span)) = unit.imports.iter().find(|(k, _)| *k == to) else {
                continue;
            };
            let target = self.entries[to].unit.display.clone();
            let d = if from == to {
                Diagnostic::new(
                    codes::IMPORT_CYCLE,
                    span,
                    format!("`{target}` imports itself"),
                )
            } else {
                Diagnostic::new(
                    codes::IMPORT_CYCLE,
                    span,
                    format!("import cycle: `{target}` imports this file again"),
                )
                .with_note("imports are not transitive; move shared types into a file both import")
            };
            self.diags.push(d.with_label("closes the cycle"));
            self.entries[from].unit.imports.retain(|(k, _)| *k != to);
        }
    }
}
