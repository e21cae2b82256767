//! What the JSON targets share: deterministic file bytes and the check of
//! each tool name against its target's rule ([`crate::target::NameRule`]).

use super::{OutputFile, Target};
use crate::diagnostics::{Diagnostic, Diagnostics, codes};
use crate::ir::{Package, Program, Tool};
pub use crate::schema::documents::source_name;
use crate::schema::{self, Node, write};

/// Pretty JSON of a schema tree with a trailing newline: the same bytes
/// `serde_json` would print, on every run (object keys keep insertion order).
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

/// About the size of one tool's JSON definition, to size output buffers.
pub const TOOL_SIZE: usize = 4096;

/// The one file of a tool-list target, `<package>.<target>.json`: checks every
/// tool's name against the target's rule, builds each definition with `tool_value` and
/// the document around them with `document`. A package without tools gets no
/// file.
/// `tool_value` gets each tool's position in the package too.
pub fn tools_file<'p: 'n, 'n>(
    package: &'p Package,
    target: Target,
    mut tool_value: impl FnMut(usize, &'p Tool, &mut Diagnostics) -> Node<'n>,
    document: impl FnOnce(Vec<Node<'n>>) -> Node<'n>,
) -> (Vec<OutputFile>, Diagnostics) {
    let mut diagnostics = Diagnostics::new();
    let mut tools = Vec::with_capacity(package.tools.len());
    for (index, tool) in package.tools.values().enumerate() {
        check_name(tool, target, &mut diagnostics);
        tools.push(tool_value(index, tool, &mut diagnostics));
    }
    let name = format!("{}.{}.json", package.name, target.as_str());
    let capacity = package.tools.len() * TOOL_SIZE;
    (
        vec![tree_file(name, &document(tools), capacity)],
        diagnostics,
    )
}

/// Reports `E0303` when `target` cannot carry `tool`'s name for it.
pub fn check_name(tool: &Tool, target: Target, diagnostics: &mut Diagnostics) {
    let name = tool.name_for(target.as_str());
    let Some(rule) = target.name_rule().filter(|rule| !rule.accepts(name)) else {
        return;
    };
    diagnostics.push(
        Diagnostic::new(
            codes::TARGET_NAME,
            tool.name_span,
            format!(
                "the `{target}` target cannot carry the tool name `{name}`: it needs {}",
                rule.shown
            ),
        )
        .with_label("invalid name for this target")
        .with_help(format!(
            "give it another name for this target: `@name({}, \"...\")`",
            target.as_str()
        )),
    );
}
