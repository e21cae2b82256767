//! The `json-schema` target's document for one package: a JSON Schema
//! 2020-12 document whose `$defs` hold `<ToolName>Input` and
//! `<ToolName>Output` for every tool (no `Output` for a tool that returns
//! nothing) and every named enum, struct and union they use, referenced with
//! `$ref`.

use foldhash::{HashSet, HashSetExt};

use heck::ToUpperCamelCase;
use serde_json::Value;

use super::tool_description;
use crate::ir::{Package, Program};
use crate::schema::{Lowering, NamedTypes, Node, Obj, SchemaOptions};
use crate::target::GENERATED_MARKER;

pub const DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

/// The `(Input, Output)` definition names of every tool of `package`, in
/// order. Names that differ only in case or punctuation (`get-node`,
/// `get_node`) would collide in UpperCamelCase; later ones get a number.
pub fn tool_def_names(package: &Package) -> Vec<(String, String)> {
    let mut taken = HashSet::new();
    let mut out = Vec::new();
    for tool in package.tools.values() {
        let base = upper_camel(&tool.name);
        let mut stem = base.clone();
        let mut n = 2;
        while taken.contains(&stem) {
            stem = format!("{base}{n}");
            n += 1;
        }
        out.push((stem.clone() + "Input", stem.clone() + "Output"));
        taken.insert(stem);
    }
    out
}

/// `heck`'s UpperCamelCase, computed directly for the usual snake-case
/// names (no upper-case or non-ASCII letters), where it only capitalises
/// each word; heck's formatter machinery is slow next to the rest.
fn upper_camel(name: &str) -> String {
    let simple = name
        .bytes()
        .all(|b| b.is_ascii() && !b.is_ascii_uppercase());
    if !simple {
        return name.to_upper_camel_case();
    }
    let mut out = String::with_capacity(name.len());
    for word in name.split(|c: char| !c.is_ascii_alphanumeric()) {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            out.push(first.to_ascii_uppercase());
            out.push_str(chars.as_str());
        }
    }
    out
}

/// The whole document for `package`.
pub fn schema_document(program: &Program, package: &Package) -> Value {
    document_tree(program, package).to_value()
}

/// [`schema_document`] as a tree.
pub fn document_tree<'p>(program: &'p Program, package: &'p Package) -> Node<'p> {
    let mut lowering = Lowering::new(
        program,
        SchemaOptions {
            named: NamedTypes::Defs,
        },
    );
    let names = tool_def_names(package);
    for (input, output) in &names {
        lowering.reserve(input);
        lowering.reserve(output);
    }
    let mut defs = Obj::with_capacity(names.len() * 2);
    for (tool, (input_name, output_name)) in package.tools.values().zip(names) {
        let mut input = lowering.tool_input(tool);
        if let (Node::Obj(map), Some(doc)) = (&mut input, tool_description(tool)) {
            map.insert("description", doc);
        }
        // Every name is new: `tool_def_names` are distinct and reserved, so
        // the named types' definitions take other names.
        defs.push(input_name, input);
        if let Some(output) = lowering.tool_output(tool) {
            defs.push(output_name, output);
        }
    }
    for (name, def) in lowering.take_defs().into_entries() {
        defs.push(name, def);
    }

    let mut doc = Obj::with_capacity(5);
    doc.insert("$schema", DIALECT);
    doc.insert(
        "$comment",
        format!(
            "{GENERATED_MARKER} from {}; do not edit",
            super::source_name(package)
        ),
    );
    doc.insert("title", package.name.as_str());
    if let Some(d) = &package.doc {
        doc.insert("description", d.as_str());
    }
    doc.insert("$defs", defs);
    Node::Obj(doc)
}

#[cfg(test)]
mod tests {
    use heck::ToUpperCamelCase;

    #[test]
    fn upper_camel_matches_heck() {
        for name in [
            "update_record_0",
            "get-node",
            "get__node_",
            "_lead",
            "a.b.c",
            "v2_api",
            "9lives",
            "x",
            "",
            "getNode",
            "HTTPServer",
            "café_au_lait",
            "ünïcode",
            "snake_Case_mix",
            "a1b2_c3d4",
        ] {
            assert_eq!(
                super::upper_camel(name),
                name.to_upper_camel_case(),
                "{name}"
            );
        }
    }
}
