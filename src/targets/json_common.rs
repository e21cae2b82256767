//! What the JSON targets share: deterministic file bytes and the check of
//! each tool name against its target's rule ([`crate::target::NameRule`]).

use std::cell::RefCell;

use serde::ser::{Serialize, SerializeMap, Serializer};

use super::{OutputFile, Target};
use crate::diagnostics::{Diagnostic, Diagnostics, codes};
use crate::ir::{Package, Tool};
pub use crate::schema::documents::source_name;
use crate::schema::{Node, Obj};

/// About the size of one tool's JSON definition. Output buffers reserve this
/// much per tool: pages that are never written cost no memory, and a buffer
/// that does not grow is never copied.
pub const TOOL_SIZE: usize = 4096;

/// Pretty JSON (serde_json's two-space format) of `value` with a trailing
/// newline: the same bytes on every run, since trees keep insertion order.
pub fn json_file(name: String, value: &impl Serialize, capacity: usize) -> OutputFile {
    let mut bytes = Vec::with_capacity(capacity);
    // Writing to memory fails only for a value serde_json cannot represent,
    // and trees hold string keys and finite numbers only.
    let _ = serde_json::to_writer_pretty(&mut bytes, value);
    bytes.push(b'\n');
    OutputFile {
        name,
        contents: String::from_utf8(bytes).unwrap_or_default(),
    }
}

/// Where a tool-list document puts the list: the document itself, or the
/// last entry `key` of an object that starts with `head`.
pub enum Layout<'n> {
    Array,
    Object { head: Obj<'n>, key: &'static str },
}

/// The one file of a tool-list target, `<package>.<target>.json`: checks every
/// tool's name against the target's rule and builds each definition with
/// `tool_value` while the file is written, so one tool's tree is alive at a
/// time. A package without tools gets no file.
pub fn tools_file<'p>(
    package: &'p Package,
    target: Target,
    tool_value: impl FnMut(&'p Tool, &mut Diagnostics) -> Node<'p>,
    layout: Layout<'p>,
) -> (Vec<OutputFile>, Diagnostics) {
    let tools = Tools {
        package,
        target,
        tool_value: RefCell::new(tool_value),
        diagnostics: RefCell::new(Diagnostics::new()),
    };
    let name = format!("{}.{}.json", package.name, target.as_str());
    let capacity = package.tools.len() * TOOL_SIZE;
    let file = json_file(
        name,
        &Document {
            layout,
            tools: &tools,
        },
        capacity,
    );
    (vec![file], tools.diagnostics.into_inner())
}

/// The tools of a package as a JSON array built while it is written.
struct Tools<'p, F> {
    package: &'p Package,
    target: Target,
    tool_value: RefCell<F>,
    diagnostics: RefCell<Diagnostics>,
}

impl<'p, F: FnMut(&'p Tool, &mut Diagnostics) -> Node<'p>> Serialize for Tools<'p, F> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut tool_value = self.tool_value.borrow_mut();
        let mut diagnostics = self.diagnostics.borrow_mut();
        serializer.collect_seq(self.package.tools.values().map(|tool| {
            check_name(tool, self.target, &mut diagnostics);
            tool_value(tool, &mut diagnostics)
        }))
    }
}

struct Document<'a, 'p, F> {
    layout: Layout<'p>,
    tools: &'a Tools<'p, F>,
}

impl<'p, F: FnMut(&'p Tool, &mut Diagnostics) -> Node<'p>> Serialize for Document<'_, 'p, F> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.layout {
            Layout::Array => self.tools.serialize(serializer),
            Layout::Object { head, key } => {
                let mut map = serializer.serialize_map(Some(head.len() + 1))?;
                for (k, v) in head.iter() {
                    map.serialize_entry(k, v)?;
                }
                map.serialize_entry(key, self.tools)?;
                map.end()
            }
        }
    }
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
