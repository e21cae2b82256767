//! Table cells without `\|`. GFM needs every pipe inside a table cell
//! escaped, code spans included, so a pattern such as `^(a|b)$` would reach
//! the model that reads the document as `^(a\|b)$`, which it may copy into
//! a call. Unions are worded with "or" instead; any other cell text with a
//! pipe moves to a list after the table, where it is written as it is.

use super::text::{cell, code, code_cell, inline};
use crate::ir::{Program, Ty, TyKind};

/// What a cell says when its text moved below the table.
const SEE_BELOW: &str = "See below.";

/// The lines after one table, one per moved cell.
#[derive(Default)]
pub struct Notes {
    pub lines: Vec<String>,
}

impl Notes {
    /// The Type cell of `field`: the type in a code span; a union as its
    /// members' spans joined with "or" (`"a"` or `"b"`); else moved below.
    pub fn type_cell(&mut self, program: &Program, field: &str, ty: &Ty) -> String {
        let text = program.type_text(ty);
        if !text.contains('|') {
            return code_cell(&text);
        }
        let mut members: Vec<String> = match &ty.kind {
            TyKind::Literals { values } => values.iter().map(|v| v.value.to_string()).collect(),
            TyKind::Union { members } => members.iter().map(|m| program.type_text(m)).collect(),
            _ => vec![program.type_text(&Ty {
                nullable: false,
                ..ty.clone()
            })],
        };
        if ty.nullable {
            members.push("null".into());
        }
        if members.iter().any(|m| m.contains('|')) {
            self.lines
                .push(format!("- Type of {}: {}", code(field), code(&text)));
            return SEE_BELOW.into();
        }
        let spans: Vec<String> = members.iter().map(|m| code_cell(m)).collect();
        spans.join(" or ")
    }

    /// A cell of code (a default's JSON), or moved below when it has a pipe.
    pub fn code_cell(&mut self, field: &str, what: &str, text: &str) -> String {
        if !text.contains('|') {
            return code_cell(text);
        }
        self.lines
            .push(format!("- {what} of {}: {}", code(field), code(text)));
        SEE_BELOW.into()
    }

    /// A cell of sentences with code spans (the constraints), or moved
    /// below when it has a pipe.
    pub fn prose_cell(&mut self, field: &str, what: &str, text: &str) -> String {
        if !text.contains('|') {
            return cell(text);
        }
        self.lines
            .push(format!("- {what} of {}: {}", code(field), inline(text)));
        SEE_BELOW.into()
    }
}
