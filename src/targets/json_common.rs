//! What the JSON targets share: deterministic file bytes and the tool-name
//! rules of each consumer.

use serde_json::Value;

use super::{OutputFile, Target};
use crate::diagnostics::{Diagnostic, Diagnostics, codes};
use crate::ir::{Example, Package, Program, Tool};
use crate::schema::{self, Node, Obj, write};

/// Pretty JSON with a trailing newline: the same bytes on every run (object
/// keys keep insertion order).
pub fn json_file(name: String, value: &Value) -> OutputFile {
    tree_file(name, &Node::Json(value), 0)
}

/// [`json_file`] of a schema tree: the same bytes `serde_json` would print.
/// `capacity` is a guess of the size, to spare the buffer's regrowth.
pub fn tree_file(name: String, node: &Node<'_>, capacity: usize) -> OutputFile {
    let mut contents = String::with_capacity(capacity);
    write::pretty(&mut contents, node, 0);
    contents.push('\n');
    OutputFile { name, contents }
}

/// Work the targets of one package share: the driver hands the same memo to
/// every generator of a package. The MCP, Anthropic and (for tools that
/// cannot be strict) OpenAI documents embed the same input schema per tool,
/// so it is lowered and written once, then copied (re-indented where the
/// document nests it at another depth); the OpenAI strict profile rewrites
/// the lowered trees. The Rust and TypeScript targets embed each tool's MCP
/// `Tool` JSON: they build its tree once here, and the `mcp` target takes it.
#[derive(Debug, Default)]
pub struct PackageMemo<'p> {
    /// Each tool's generic input schema as pretty JSON written at nesting
    /// `level`, in tool order; empty until a target asks for them.
    inputs: Vec<String>,
    level: usize,
    /// The same schemas as trees, until a target takes them.
    trees: Vec<Option<Node<'p>>>,
    /// Each tool's MCP `Tool` tree with `null` for its input schema (which
    /// the trees and texts above hold), and whether its output is wrapped
    /// (see [`super::mcp::output_is_wrapped`]); built by the code targets,
    /// which embed it, then taken by the `mcp` target.
    mcp_tools: Vec<(Node<'p>, bool)>,
}

impl<'p> PackageMemo<'p> {
    /// Lowers every tool's input schema of `package` to a tree unless done
    /// already (the code targets walk the trees; the text is written only
    /// when a JSON target asks for it).
    pub fn lower_inputs(&mut self, program: &'p Program, package: &'p Package) -> &Self {
        let count = package.tools.len();
        if self.trees.len() != count && self.inputs.len() != count {
            self.trees = package
                .tools
                .values()
                .map(|tool| Some(schema::input_tree(program, tool)))
                .collect();
        }
        self
    }

    /// Writes every tool's input schema of `package` unless done already,
    /// for a document that nests them at `level`.
    pub fn write_inputs(
        &mut self,
        program: &'p Program,
        package: &'p Package,
        level: usize,
    ) -> &Self {
        let count = package.tools.len();
        if self.inputs.len() != count {
            self.level = level;
            self.inputs.clear();
            let lowered = self.trees.len() == count && self.trees.iter().all(Option::is_some);
            if !lowered {
                self.trees.clear();
                for tool in package.tools.values() {
                    self.trees.push(Some(schema::input_tree(program, tool)));
                }
            }
            for tree in self.trees.iter().flatten() {
                let mut text = String::with_capacity(TOOL_SIZE);
                write::pretty(&mut text, tree, level);
                self.inputs.push(text);
            }
        }
        self
    }

    /// Builds every tool's MCP `Tool` tree around a `null` input schema,
    /// unless done already.
    pub fn mcp_tools(&mut self, program: &'p Program, package: &'p Package) -> &Self {
        if self.mcp_tools.len() != package.tools.len() {
            self.mcp_tools = package
                .tools
                .values()
                .map(|tool| super::mcp::mcp_tree_wrapped(program, tool, Node::Null))
                .collect();
        }
        self
    }

    /// The MCP `Tool` tree of the tool at `index` (`null` as its input
    /// schema) and whether its output is wrapped, when built.
    pub fn mcp_tool(&self, index: usize) -> Option<(&Node<'p>, bool)> {
        self.mcp_tools
            .get(index)
            .map(|(tree, wrapped)| (tree, *wrapped))
    }

    /// The MCP `Tool` trees, by tool position, when built and not taken yet.
    pub fn take_mcp_tools(&mut self) -> Vec<(Node<'p>, bool)> {
        std::mem::take(&mut self.mcp_tools)
    }

    /// The input schema of the tool at `index`, when written.
    pub fn input(&self, index: usize) -> Option<Node<'_>> {
        let text = self.inputs.get(index)?;
        Some(Node::Text {
            text,
            level: self.level,
        })
    }

    /// The input schema tree of the tool at `index`, when lowered and not
    /// taken yet.
    pub fn tree(&self, index: usize) -> Option<&Node<'p>> {
        self.trees.get(index)?.as_ref()
    }

    /// The input schema trees, by tool position, when lowered and not taken
    /// yet (taking them leaves the texts).
    pub fn take_trees(&mut self) -> Vec<Option<Node<'p>>> {
        std::mem::take(&mut self.trees)
    }
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
/// form is a level less deep) and in `<package>.anthropic.json`.
///
/// `<package>.schema.json` is never the deepest: it references every named
/// type from `$defs` instead of writing it out, and holds each tool's input
/// and output schema one level less deep than the MCP document does.
/// Markdown is not JSON.
///
/// Each call lowers the tool's schemas again; the checks call it only for
/// tools whose cheap bounds come near the limit.
pub fn tool_json_depths(program: &Program, tool: &Tool) -> [(Target, usize); 3] {
    [
        (Target::Mcp, 2 + super::mcp::mcp_tree(program, tool).depth()),
        (
            Target::Openai,
            1 + super::openai::openai_tool_tree(program, tool, super::OpenAiApi::ChatCompletions)
                .depth(),
        ),
        (
            Target::Anthropic,
            1 + super::anthropic::anthropic_tree(program, tool).depth(),
        ),
    ]
}

/// About the size of one tool's JSON definition, to size output buffers.
pub const TOOL_SIZE: usize = 4096;

/// The one file of a tool-list target, `<package>.<target>.json`: checks every
/// tool's name against `rule`, builds each definition with `tool_value` and
/// the document around them with `document`. A package without tools gets no
/// file.
/// `tool_value` gets each tool's position in the package too.
pub fn tools_file<'p: 'n, 'n>(
    package: &'p Package,
    target: Target,
    rule: NameRule,
    mut tool_value: impl FnMut(usize, &'p Tool, &mut Diagnostics) -> Node<'n>,
    document: impl FnOnce(Vec<Node<'n>>) -> Node<'n>,
) -> (Vec<OutputFile>, Diagnostics) {
    let mut diagnostics = Diagnostics::new();
    let mut tools = Vec::with_capacity(package.tools.len());
    for (index, tool) in package.tools.values().enumerate() {
        check_name(tool, target, rule, &mut diagnostics);
        tools.push(tool_value(index, tool, &mut diagnostics));
    }
    let name = format!("{}.{}.json", package.name, target.as_str());
    let capacity = package.tools.len() * TOOL_SIZE;
    (
        vec![tree_file(name, &document(tools), capacity)],
        diagnostics,
    )
}

/// [`Example::to_json`] as a tree: the argument object a model would send.
pub fn example_tree(example: &Example) -> Node<'_> {
    let mut args = Obj::with_capacity(example.args.len());
    for (name, literal) in &example.args {
        args.insert(name.as_str(), &literal.value);
    }
    Node::Obj(args)
}

/// Which names a consumer accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameRule {
    /// OpenAI and Anthropic: `^[a-zA-Z0-9_-]{1,64}$`.
    Function,
    /// MCP: 1 to 128 of `A-Za-z0-9_.-`.
    Mcp,
}

impl NameRule {
    pub fn accepts(self, name: &str) -> bool {
        let (max, dot) = match self {
            NameRule::Function => (64, false),
            NameRule::Mcp => (128, true),
        };
        let len = name.chars().count();
        (1..=max).contains(&len)
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || (dot && c == '.'))
    }

    fn describe(self) -> &'static str {
        match self {
            NameRule::Function => "1 to 64 characters of `a-z A-Z 0-9 _ -`",
            NameRule::Mcp => "1 to 128 characters of `a-z A-Z 0-9 _ - .`",
        }
    }
}

/// Reports `E0303` when `target` cannot carry `tool`'s name for it.
pub fn check_name(tool: &Tool, target: Target, rule: NameRule, diagnostics: &mut Diagnostics) {
    let name = tool.name_for(target.as_str());
    if rule.accepts(name) {
        return;
    }
    diagnostics.push(
        Diagnostic::new(
            codes::TARGET_NAME,
            tool.name_span,
            format!(
                "the `{target}` target cannot carry the tool name `{name}`: it needs {}",
                rule.describe()
            ),
        )
        .with_label("invalid name for this target")
        .with_help(format!(
            "give it another name for this target: `@name({}, \"...\")`",
            target.as_str()
        )),
    );
}

/// The package's source file name without its directories, for generated
/// markers: the bytes must not depend on where the build was started.
pub fn source_name(package: &Package) -> String {
    std::path::Path::new(&package.path)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| package.path.clone())
}
