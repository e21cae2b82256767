//! The order of a module's declarations: which named types can be
//! declared first, and which models must be rebuilt once all are declared.

use foldhash::{HashMap, HashSet};

use super::models::Decl;
use crate::ir::{Program, TypeDefKind, TypeKey};
use crate::targets::used_types::direct_refs;

/// The enums, and the aliases that name no struct or union (directly or
/// through other aliases).
pub fn plain_types(program: &Program, used: &[TypeKey]) -> HashSet<TypeKey> {
    let mut plain: HashSet<TypeKey> = used
        .iter()
        .filter(|k| {
            matches!(
                program.type_def(k).map(|d| &d.kind),
                Some(TypeDefKind::Enum { .. })
            )
        })
        .cloned()
        .collect();
    loop {
        let before = plain.len();
        for key in used {
            let alias = matches!(
                program.type_def(key).map(|d| &d.kind),
                Some(TypeDefKind::Alias { .. })
            );
            if alias
                && !plain.contains(key)
                && direct_refs(program, key).iter().all(|r| plain.contains(r))
            {
                plain.insert(key.clone());
            }
        }
        if plain.len() == before {
            return plain;
        }
    }
}

/// The models that name a type declared after them (or themselves), or a
/// model that does: pydantic completes them once everything is declared.
pub fn rebuilds(decls: &[&Decl]) -> Vec<String> {
    let position: HashMap<&str, usize> = decls
        .iter()
        .enumerate()
        .map(|(i, d)| (d.name.as_str(), i))
        .collect();
    let mut needs: Vec<bool> = decls
        .iter()
        .enumerate()
        .map(|(i, d)| {
            d.refs
                .iter()
                .any(|r| position.get(r.as_str()).is_some_and(|&p| p >= i))
        })
        .collect();
    loop {
        let mut changed = false;
        for (i, d) in decls.iter().enumerate() {
            if !needs[i]
                && d.refs
                    .iter()
                    .any(|r| position.get(r.as_str()).is_some_and(|&p| needs[p]))
            {
                needs[i] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    decls
        .iter()
        .zip(needs)
        .filter(|(d, needs)| *needs && d.form == "class")
        .map(|(d, _)| d.name.clone())
        .collect()
}
