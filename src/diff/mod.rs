//! `toolc diff OLD NEW`: what changed between two versions of a tool set,
//! and whether it breaks the programs and models that call the tools.
//!
//! Both sides are compared as checked IR ([`Program`]), never as text, so a
//! reformatted file or a type moved to another file is no change at all. Tools
//! are matched by wire name, parameters and fields by name. Every finding is a
//! [`Change`] with a stable rule id and a [`Category`]:
//!
//! - `breaking`: a caller written against OLD may fail against NEW (a removed
//!   tool or parameter, a new required parameter, a narrowed constraint, a
//!   removed output field, a changed wire name);
//! - `safety`: calls still fit, but the tool became more dangerous to offer
//!   (it now mutates, destroys, needs a permission, lost `@confirm`);
//! - `compatible`: everything else worth knowing (new tools, new optional
//!   parameters, widened constraints, doc changes).
//!
//! Inputs (parameters) and outputs point opposite ways: a caller sends
//! arguments, so a narrower argument type breaks it; a caller reads results,
//! so a wider result type breaks it. `types` compares types once, in terms
//! of narrowing and widening, and `Direction` turns that into a category.
//!
//! Regex inclusion is not decidable here, so any change of a pattern counts
//! as narrowing; only a removed pattern counts as widening.

mod constraints;
mod fields;
mod output;
mod params;
pub mod render;
mod rules;
mod safety;
mod tools;
mod types;

pub use rules::RULES;
use serde::Serialize;

use crate::ir::{Program, Tool};
use crate::source::Span;

/// How a change affects the tools' users.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    /// Calls written against the old version may fail.
    Breaking,
    /// The tool became riskier to offer to a model.
    Safety,
    /// Neither.
    Compatible,
}

impl Category {
    pub fn as_str(self) -> &'static str {
        match self {
            Category::Breaking => "breaking",
            Category::Safety => "safety",
            Category::Compatible => "compatible",
        }
    }

    /// The categories `--allow` takes (compatible changes never fail).
    pub fn parse(s: &str) -> Option<Category> {
        match s {
            "breaking" => Some(Category::Breaking),
            "safety" => Some(Category::Safety),
            "compatible" => Some(Category::Compatible),
            _ => None,
        }
    }
}

/// One difference between the two versions.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Change {
    /// Stable id of the rule, such as `param_removed`.
    pub rule: &'static str,
    pub category: Category,
    /// The tool's wire name (the old one for a removed or renamed tool).
    pub tool: String,
    /// Where in the tool: `create_issue.labels[].name`,
    /// `get_node->children[].id` for the output, the tool name for the tool
    /// itself.
    pub path: String,
    pub message: String,
    /// The item in the old version, when it exists there.
    #[serde(skip)]
    pub old: Option<Span>,
    /// The item in the new version, when it exists there.
    #[serde(skip)]
    pub new: Option<Span>,
}

/// Every change from `old` to `new`: tool by tool in the old version's
/// order, then the new tools; for each tool its own changes, then its
/// parameters', its output's and its safety's.
pub fn diff(old: &Program, new: &Program) -> Vec<Change> {
    let mut out = Vec::new();
    let pair = Pair { old, new };
    tools::diff_tools(&pair, &mut out);
    out
}

/// Whether any change of a category not in `allowed` is breaking or safety.
pub fn fails(changes: &[Change], allowed: &[Category]) -> bool {
    changes
        .iter()
        .any(|c| c.category != Category::Compatible && !allowed.contains(&c.category))
}

/// The two programs, for looking up named types on either side.
pub(crate) struct Pair<'a> {
    pub old: &'a Program,
    pub new: &'a Program,
}

/// Whether a type is read by the tool (its parameters) or written by it (its
/// output): the two see narrowing and widening the opposite way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Direction {
    Input,
    Output,
}

/// Which way a type change moves the set of values a type admits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Effect {
    /// Fewer values: breaks senders (inputs).
    Narrowed,
    /// More values: breaks readers (outputs).
    Widened,
    /// Neither a subset nor a superset: breaks both.
    Incompatible,
    /// Breaks neither (a new optional output field).
    Neutral,
}

impl Direction {
    pub(crate) fn category(self, effect: Effect) -> Category {
        match (self, effect) {
            (_, Effect::Incompatible) => Category::Breaking,
            (_, Effect::Neutral) => Category::Compatible,
            (Direction::Input, Effect::Narrowed) | (Direction::Output, Effect::Widened) => {
                Category::Breaking
            }
            (Direction::Input, Effect::Widened) | (Direction::Output, Effect::Narrowed) => {
                Category::Compatible
            }
        }
    }
}

/// Builds a change about `tool`.
pub(crate) fn change(
    rule: &'static str,
    category: Category,
    tool: &Tool,
    path: impl Into<String>,
    message: impl Into<String>,
) -> Change {
    Change {
        rule,
        category,
        tool: tool.name.clone(),
        path: path.into(),
        message: message.into(),
        old: None,
        new: None,
    }
}

impl Change {
    pub(crate) fn spans(mut self, old: Option<Span>, new: Option<Span>) -> Change {
        self.old = old;
        self.new = new;
        self
    }
}
