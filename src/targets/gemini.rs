//! The `gemini` target: `<package>.gemini.json`, one Gemini `Tool`,
//! `{"functionDeclarations": [{name, description, parameters}]}`, to pass
//! in a request's `tools`.
//!
//! Parameters are written in Gemini's OpenAPI-subset `Schema` wherever it
//! can express them ([`crate::schema::gemini`]); what it lacks goes into
//! descriptions. A tool it cannot express (maps, `json`, recursive types)
//! carries its JSON Schema as `parametersJsonSchema` instead, with warning
//! `W0026` saying why.

use super::json_common::{Layout, tools_file};
use super::{GenContext, Generator, OutputFile, Target};
use crate::diagnostics::{Diagnostic, Diagnostics, codes};
use crate::ir::{Package, Tool};
use crate::schema::Obj;
pub use crate::schema::documents::gemini::{gemini_declaration, gemini_tree};
use crate::schema::gemini_blockers::gemini_blockers;

pub struct Gemini;

impl Generator for Gemini {
    fn target(&self) -> Target {
        Target::Gemini
    }

    fn generate<'p>(
        &self,
        cx: &GenContext<'p>,
        package: &'p Package,
    ) -> (Vec<OutputFile>, Diagnostics) {
        tools_file(
            package,
            Target::Gemini,
            |tool, diagnostics| {
                let (value, reasons) = gemini_tree(cx.program, tool);
                // The checks report W0026 for what they find in the IR; this
                // covers only what the profile found beyond it.
                if !reasons.is_empty()
                    && gemini_blockers(cx.program, tool).is_empty()
                    && !allows_json_schema(tool)
                {
                    diagnostics.push(json_schema_only(tool, &reasons));
                }
                value
            },
            Layout::Object {
                head: Obj::new(),
                key: "functionDeclarations",
            },
        )
    }
}

fn allows_json_schema(tool: &Tool) -> bool {
    let code = codes::GEMINI_JSON_SCHEMA;
    tool.allow
        .iter()
        .any(|a| a.eq_ignore_ascii_case(code.as_str()) || a == "gemini_json_schema")
}

fn json_schema_only(tool: &Tool, reasons: &[String]) -> Diagnostic {
    Diagnostic::new(
        codes::GEMINI_JSON_SCHEMA,
        tool.name_span,
        format!(
            "tool `{}` cannot use Gemini's `parameters` Schema: {}",
            tool.name,
            reasons.join("; ")
        ),
    )
    .with_label("emitted with `parametersJsonSchema`")
    .with_help("use named structs, enums and scalar types instead of maps, `json` values and recursive types")
}
