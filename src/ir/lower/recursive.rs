//! Recursive types: a type is recursive when it reaches itself through its
//! fields, items, values, union members or variants (it sits on a cycle of
//! the reference graph: a strongly connected component with more than one
//! type, or a type referring to itself). Aliases are written out in full
//! wherever they are used, so an alias that reaches itself through aliases
//! only is `E0209`: a chain with no structure in between has no meaning, and
//! one through arrays, maps or unions (`type L = [L] | string`) would be
//! infinite. Recursion has to pass through a struct or a tagged union.
//!
//! Both passes are linear in the number of types and references.

use std::collections::HashMap;

use super::Lowerer;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{Ty, TyKind, TypeDefKind};

impl Lowerer<'_> {
    pub fn mark_recursive(&mut self) {
        let index: HashMap<&crate::ir::TypeKey, usize> = self
            .program
            .types
            .keys()
            .enumerate()
            .map(|(i, k)| (k, i))
            .collect();
        let edges: Vec<Vec<usize>> = self
            .program
            .types
            .values()
            .map(|def| {
                let mut keys = Vec::new();
                match &def.kind {
                    TypeDefKind::Alias { target } => collect(target, &mut keys),
                    TypeDefKind::Struct { fields } => {
                        fields.values().for_each(|f| collect(&f.ty, &mut keys))
                    }
                    TypeDefKind::Union { variants, .. } => {
                        keys.extend(variants.values().map(|v| &v.ty))
                    }
                    TypeDefKind::Enum { .. } => {}
                }
                keys.iter().filter_map(|k| index.get(k).copied()).collect()
            })
            .collect();
        // Aliases whose target is directly another named type.
        let alias_next: Vec<Option<usize>> = self
            .program
            .types
            .values()
            .map(|def| match &def.kind {
                TypeDefKind::Alias { target } => match &target.kind {
                    TyKind::Named { key } => index.get(key).copied(),
                    _ => None,
                },
                _ => None,
            })
            .collect();
        let recursive = on_cycle(&edges);
        let is_alias: Vec<bool> = self
            .program
            .types
            .values()
            .map(|def| matches!(def.kind, TypeDefKind::Alias { .. }))
            .collect();
        let alias_edges: Vec<Vec<usize>> = edges
            .iter()
            .zip(&is_alias)
            .map(|(out, &alias)| match alias {
                true => out.iter().copied().filter(|&j| is_alias[j]).collect(),
                false => Vec::new(),
            })
            .collect();
        let through_aliases = on_cycle(&alias_edges);
        let chains: std::collections::HashSet<usize> =
            alias_cycles(&alias_next).into_iter().collect();
        for (def, r) in self.program.types.values_mut().zip(recursive) {
            def.recursive = r;
        }
        for (i, contains_itself) in through_aliases.into_iter().enumerate() {
            let Some((_, def)) = self.program.types.get_index(i) else {
                continue;
            };
            let d = if chains.contains(&i) {
                Diagnostic::new(
                    codes::INFINITE_TYPE,
                    def.name_span,
                    format!("the alias `{}` refers to itself", def.name),
                )
                .with_label("this alias never reaches a real type")
                .with_help(
                    "an alias must end in a built-in type, an array, a map, an enum, a struct or a union",
                )
            } else if contains_itself {
                Diagnostic::new(
                    codes::INFINITE_TYPE,
                    def.name_span,
                    format!("the alias `{}` contains itself", def.name),
                )
                .with_label("an alias is written out wherever it is used, so this one never ends")
                .with_help(
                    "make the recursive type a struct (`struct Node { children: [Node] }`) or a tagged union: recursion through those is fine",
                )
            } else {
                continue;
            };
            self.push(d);
        }
    }
}

fn collect<'a>(ty: &'a Ty, out: &mut Vec<&'a crate::ir::TypeKey>) {
    match &ty.kind {
        TyKind::Named { key } => out.push(key),
        TyKind::Array { items } => collect(items, out),
        TyKind::Map { values } => collect(values, out),
        TyKind::Union { members } | TyKind::Tuple { items: members } => {
            members.iter().for_each(|m| collect(m, out))
        }
        _ => {}
    }
}

/// For each node, whether it lies on a cycle (iterative Tarjan).
fn on_cycle(edges: &[Vec<usize>]) -> Vec<bool> {
    let n = edges.len();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<usize> = Vec::new();
    let mut result = vec![false; n];
    let mut next_index = 0;
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut work: Vec<(usize, usize)> = vec![(root, 0)];
        index[root] = next_index;
        low[root] = next_index;
        next_index += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut child)) = work.last_mut() {
            if let Some(&w) = edges[v].get(*child) {
                *child += 1;
                if index[w] == usize::MAX {
                    index[w] = next_index;
                    low[w] = next_index;
                    next_index += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut component = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                let cyclic = component.len() > 1 || edges[v].contains(&v);
                for w in component {
                    result[w] = cyclic;
                }
            }
        }
    }
    result
}

/// The nodes on cycles of a graph where each node has at most one successor.
fn alias_cycles(next: &[Option<usize>]) -> Vec<usize> {
    // 0 = unvisited; otherwise the walk that first reached the node.
    let mut walk_of = vec![0usize; next.len()];
    let mut out = Vec::new();
    for start in 0..next.len() {
        if walk_of[start] != 0 {
            continue;
        }
        let walk = start + 1;
        let mut v = start;
        loop {
            walk_of[v] = walk;
            let Some(w) = next[v] else { break };
            if walk_of[w] == walk {
                // A new cycle through `w`.
                let mut c = w;
                loop {
                    out.push(c);
                    match next[c] {
                        Some(n) if n != w => c = n,
                        _ => break,
                    }
                }
                break;
            }
            if walk_of[w] != 0 {
                break;
            }
            v = w;
        }
    }
    out.sort_unstable();
    out
}
