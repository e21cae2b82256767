//! `x-mcp-header` on an imported property: kept only where `toolc check`
//! accepts it (see src/check/mcp_headers.rs), so that the file checks. MCP
//! mirrors such a parameter into an HTTP header, so its type must be a
//! primitive (`string`, `bool`, an `int` bounded within ±(2^53 - 1), enums
//! and literal unions of those, never nullable) and its header name must be
//! unique within the tool, ignoring case.

use serde_json::Value;

use super::schema::Ctx;
use crate::fmt::tree::{Constraint, ItemKind, TypeExpr, TypeRef};

/// The widest range an `int` header may have, as `toolc check` has it.
const SAFE: f64 = crate::ir::passthrough::MCP_HEADER_INT_LIMIT as f64;

impl Ctx<'_> {
    /// Why the property typed `ty` cannot carry header `value`, if it
    /// cannot; otherwise the name is taken for this tool.
    pub fn header_problem(&mut self, ty: &TypeRef, value: &Value) -> Option<&'static str> {
        if !self.header_type(ty, 0) {
            return Some("a header parameter must be a string, a boolean or a bounded integer");
        }
        let name = value.as_str().unwrap_or_default().to_ascii_lowercase();
        if !self.headers.insert(name) {
            return Some("header name given twice in this tool (case does not count)");
        }
        None
    }

    fn header_type(&self, ty: &TypeRef, depth: usize) -> bool {
        // Aliases of aliases end quickly in practice; the bound keeps a
        // cycle from looping.
        if depth > 16 {
            return false;
        }
        match &ty.expr {
            TypeExpr::Named(n) => match n.0.as_str() {
                "string" | "bool" => true,
                "int" => safe_range(&ty.constraints),
                other => match self.registry.item(other).map(|i| &i.kind) {
                    Some(ItemKind::Enum { .. }) => true,
                    // Judged by the alias's own type: a range added where
                    // it is used is not looked at (the header is dropped).
                    Some(ItemKind::Alias { ty: target, .. }) => self.header_type(target, depth + 1),
                    _ => false,
                },
            },
            TypeExpr::StrLit(_) => true,
            TypeExpr::NumLit(n) => n
                .parse::<f64>()
                .is_ok_and(|x| x.fract() == 0.0 && x.abs() <= SAFE),
            TypeExpr::Union(members) => members.iter().all(|m| self.header_type(m, depth + 1)),
            TypeExpr::Null | TypeExpr::Array(_) | TypeExpr::Tuple(_) | TypeExpr::Map(_) => false,
        }
    }
}

/// Whether a `Range` constraint bounds an `int` on both sides within the
/// safe range.
fn safe_range(constraints: &[Constraint]) -> bool {
    constraints.iter().any(|c| match c {
        Constraint::Range {
            min: Some(lo),
            max: Some(hi),
        } => [lo, hi]
            .iter()
            .all(|b| b.value.parse::<f64>().is_ok_and(|x| x.abs() <= SAFE)),
        _ => false,
    })
}
