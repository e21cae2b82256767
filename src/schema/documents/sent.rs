//! What each provider receives for one tool: the per-tool document of the
//! `mcp`, `openai`, `anthropic` and `gemini` targets (the same builders the
//! targets list in their files), as compact JSON, the form a client sends it
//! in. `toolc stats` reports their sizes and lint W0006 holds the core tier
//! to its budget with them, so both measure the same bytes.

use super::anthropic::anthropic_tree_with;
use super::gemini::gemini_tree;
use super::mcp::mcp_tree_with;
use super::openai::{blocker_reasons, openai_tree};
use crate::ir::{Program, Tool};
use crate::schema::{self, Node};
use crate::target::{AnthropicExamples, OpenAiApi, Target};

/// The targets whose output a provider puts in a model's context, in the
/// order reports list them.
pub const PROVIDERS: [Target; 4] = [
    Target::Mcp,
    Target::Openai,
    Target::Anthropic,
    Target::Gemini,
];

/// The providers whose document is what a model's context holds, which
/// lint W0006 holds to the budget: a model receives tools as function
/// definitions in one of these forms. An MCP `Tool` object is what a server
/// lists; its host hands the model the name, description and input schema
/// in its own provider's form, and keeps `_meta`, the annotations and the
/// output schema for itself.
pub const IN_CONTEXT: [Target; 3] = [Target::Openai, Target::Anthropic, Target::Gemini];

/// The forms of the documents that have more than one (the `openai` and
/// `anthropic` targets' options); the default is theirs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Forms {
    pub openai_api: OpenAiApi,
    pub anthropic_examples: AnthropicExamples,
}

/// One tool's documents: its generic input schema (the MCP `inputSchema`)
/// and, for each of [`PROVIDERS`] in order, the compact JSON of the tool's
/// entry in that target's file.
pub struct SentDocuments<'p> {
    pub input: Node<'p>,
    pub texts: [(Target, String); 4],
}

/// The documents of `tool` in `forms`, each built as its target builds it.
pub fn sent_documents<'p>(program: &'p Program, tool: &'p Tool, forms: Forms) -> SentDocuments<'p> {
    let input = schema::input_tree(program, tool);
    let mcp = mcp_tree_with(program, tool, input.clone());
    let blocked = blocker_reasons(program, tool);
    let (openai, _) = openai_tree(program, tool, forms.openai_api, blocked);
    let examples = forms.anthropic_examples == AnthropicExamples::Included;
    let anthropic = anthropic_tree_with(tool, input.clone(), examples);
    let (gemini, _) = gemini_tree(program, tool);
    SentDocuments {
        input,
        texts: [
            (Target::Mcp, mcp.to_compact()),
            (Target::Openai, openai.to_compact()),
            (Target::Anthropic, anthropic.to_compact()),
            (Target::Gemini, gemini.to_compact()),
        ],
    }
}
