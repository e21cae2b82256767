//! The `openai` target: `<package>.openai.json`, function tools for Chat
//! Completions (`{"type":"function","function":{...}}`, the default) or the
//! Responses API (`{"type":"function","name":...}`).
//!
//! Tools use strict mode wherever their schema allows: the strict profile
//! ([`crate::schema::strict`]) closes every object, requires every property
//! (optional ones become nullable), and moves defaults and unsupported
//! keywords into descriptions. A tool that cannot be strict is emitted with
//! `strict: false` and its generic schema, with warning `W0011` saying why.

use super::json_common::{Layout, tools_file};
use super::{GenContext, Generator, OutputFile, Target};
use crate::diagnostics::{Diagnostic, Diagnostics, codes};
use crate::ir::{Package, Tool};
use crate::schema::documents::openai::{blocker_reasons, openai_tree};
pub use crate::schema::documents::openai::{openai_tool, openai_tool_tree, strict_parameters};

pub struct OpenAi;

impl Generator for OpenAi {
    fn target(&self) -> Target {
        Target::Openai
    }

    fn generate<'p>(
        &self,
        cx: &GenContext<'p>,
        package: &'p Package,
    ) -> (Vec<OutputFile>, Diagnostics) {
        tools_file(
            package,
            Target::Openai,
            |tool, diagnostics| {
                let blocked = blocker_reasons(cx.program, tool);
                // The checks already report W0011 for every strict blocker; this
                // covers only what the strict profile itself could not express.
                let reported = !blocked.is_empty();
                let (value, reasons) =
                    openai_tree(cx.program, tool, cx.options.openai_api, blocked);
                if !reasons.is_empty() && !reported && !allows_not_strict(tool) {
                    diagnostics.push(not_strict(tool, &reasons));
                }
                value
            },
            Layout::Array,
        )
    }
}

fn allows_not_strict(tool: &Tool) -> bool {
    tool.allow
        .iter()
        .any(|a| a.eq_ignore_ascii_case(codes::NOT_STRICT.as_str()) || a == "not_strict")
}

fn not_strict(tool: &Tool, reasons: &[String]) -> Diagnostic {
    Diagnostic::new(
        codes::NOT_STRICT,
        tool.name_span,
        format!(
            "tool `{}` cannot use OpenAI strict mode: {}",
            tool.name,
            reasons.join("; ")
        ),
    )
    .with_label("emitted with `strict: false`")
    .with_help("use named structs, enums and scalar types instead of maps and `json` values")
}
