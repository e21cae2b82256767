//! What a module imports from the modules of types it uses
//! (`targets::modules`): one line per module, by the module's plain name,
//! as each package module is itself imported (`import ci`), so the folder
//! of generated modules is on the import path:
//! `from common import TextMatch, TYPE_TABLE as _COMMON_TYPES`.
//!
//! A relative import (`from .common import`) would need that folder to be
//! a package and fail in a plain folder on the path, the way the examples
//! and the tests import a package's module; the plain name works in both
//! as long as the folder itself is on the path.

use std::collections::BTreeSet;

use foldhash::HashSet;

use super::names::{Namer, shouty};
use super::types::TypeNames;

/// The local name of each imported module's `TYPE_TABLE`, in the order of
/// [`TypeNames::imports`]: `_COMMON_TYPES` (a private name, which no
/// claimed name has: the claim is of `COMMON_TYPES`).
pub fn table_locals(names: &TypeNames, namer: &mut Namer) -> Vec<String> {
    (names.imports.iter())
        .map(|i| format!("_{}", namer.claim(&format!("{}_TYPES", shouty(&i.module)))))
        .collect()
}

/// The import lines, and the tables to spread into this module's own.
/// A module imports the types its declarations mention (`mentioned`: an
/// unused import fails strict checkers) and a module's table only when its
/// own table or specs refer to one of that table's entries (`refs`: the
/// keys `<module>.<Type>`).
pub fn lines(
    names: &TypeNames,
    tables: &[String],
    mentioned: &HashSet<&str>,
    refs: &BTreeSet<String>,
) -> (Vec<String>, Vec<String>) {
    let mut lines = Vec::new();
    let mut spreads = Vec::new();
    for (import, table) in names.imports.iter().zip(tables) {
        let mut parts: Vec<String> = (import.names.iter())
            .filter(|(_, local)| mentioned.contains(local.as_str()))
            .map(|(exported, local)| match exported == local {
                true => exported.clone(),
                false => format!("{exported} as {local}"),
            })
            .collect();
        let prefix = format!("{}.", import.module);
        if refs.iter().any(|r| r.starts_with(&prefix)) {
            parts.push(format!("TYPE_TABLE as {table}"));
            spreads.push(table.clone());
        }
        if !parts.is_empty() {
            lines.push(format!(
                "from {} import {}",
                import.module,
                parts.join(", ")
            ));
        }
    }
    (lines, spreads)
}

/// The `TYPE_TABLE` literal `table` with the imported tables spread in
/// first (their keys are dotted: none meets one of this table's).
pub fn with_spreads(table: String, spreads: &[String]) -> String {
    if spreads.is_empty() {
        return table;
    }
    let spread: Vec<String> = spreads.iter().map(|s| format!("**{s}")).collect();
    match table.strip_prefix("{\n") {
        Some(rest) => format!("{{\n    {},\n{rest}", spread.join(",\n    ")),
        None => format!("{{{}}}", spread.join(", ")),
    }
}
