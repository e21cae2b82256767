//! The JSON documents the targets write, built on the schema lowering: for
//! each tool the MCP `Tool` object, the OpenAI function tool, the Anthropic
//! tool definition and the Gemini function declaration, and for each
//! package its JSON Schema document. The targets list them in their files;
//! the code targets embed the MCP one; check `E0003` measures how deep they nest
//! ([`tool_json_depths`]) with the same code that writes them, and lint
//! W0006 and `toolc stats` how large they are ([`sent`]).

pub mod anthropic;
pub mod gemini;
pub mod json_schema;
pub mod mcp;
pub mod openai;
pub mod sent;

use super::{Node, Obj};
use crate::ir::{Example, Package, Program, Tool};
use crate::target::{OpenAiApi, Target};

/// The tool's doc, plus its deprecation note.
pub fn tool_description(tool: &Tool) -> Option<String> {
    let deprecation = tool.deprecated.as_ref().map(|d| match &d.note {
        Some(note) => format!("Deprecated: {note}"),
        None => "Deprecated.".to_string(),
    });
    super::join_doc(&[tool.doc.as_deref(), deprecation.as_deref()])
}

/// [`Example::to_json`] as a tree: the argument object a model would send.
pub fn example_tree(example: &Example) -> Node<'_> {
    let mut args = Obj::with_capacity(example.args.len());
    for (name, literal) in &example.args {
        args.insert(name.as_str(), &literal.value);
    }
    Node::Obj(args)
}

/// How many levels the deepest document a build writes puts above a tool's
/// schemas: in `<package>.mcp.json` the document, its `tools` array and the
/// `Tool` object hold `inputSchema`, `outputSchema` and `_meta`; in
/// `<package>.openai.json` the list, the tool and its `function` hold
/// `parameters`. The other documents nest them less deep.
pub const LEVELS_ABOVE_SCHEMAS: usize = 3;

/// How deep the JSON documents a build writes for `tool` nest because of it
/// ([`Node::depth`], which counts as serde_json does): its entry in
/// `<package>.mcp.json` (the generated Rust and TypeScript embed the same
/// `Tool` object, two levels less deep), in `<package>.openai.json` (Chat
/// Completions, in strict form when the tool can be strict; the Responses
/// form is a level less deep), in `<package>.anthropic.json` and in
/// `<package>.gemini.json` (the document and its `functionDeclarations`
/// above each declaration; Gemini's rewrites split type arrays into `anyOf`
/// as strict mode's do, so the checks' upper bound covers them).
///
/// `<package>.schema.json` is never the deepest: it references every named
/// type from `$defs` instead of writing it out, and holds each tool's input
/// and output schema one level less deep than the MCP document does.
/// Markdown is not JSON.
///
/// Each call lowers the tool's schemas again; the checks call it only for
/// tools whose cheap bounds come near the limit.
pub fn tool_json_depths(program: &Program, tool: &Tool) -> [(Target, usize); 4] {
    [
        (Target::Mcp, 2 + mcp::mcp_tree(program, tool).depth()),
        (
            Target::Openai,
            1 + openai::openai_tool_tree(program, tool, OpenAiApi::ChatCompletions).depth(),
        ),
        (
            Target::Anthropic,
            1 + anthropic::anthropic_tree(program, tool).depth(),
        ),
        (
            Target::Gemini,
            2 + gemini::gemini_tree(program, tool).0.depth(),
        ),
    ]
}

/// The package's source file name without its directories, for generated
/// markers: the bytes must not depend on where the build was started.
pub fn source_name(package: &Package) -> String {
    std::path::Path::new(&package.path)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| package.path.clone())
}
