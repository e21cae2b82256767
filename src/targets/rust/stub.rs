//! The handler stub of one package (`toolc stubs --target rust`): a struct
//! implementing the generated `<Package>Tools` trait, every method answering
//! the runtime's `not_implemented` error. The names come from the package's
//! own view model, so they are the ones `<package>.rs` declares.

use serde::Serialize;

use super::file_view;
use super::ident::Ident;
use crate::ir::{Package, Program};
use crate::targets::OutputFile;
use crate::targets::templates;

const TEMPLATE: &str = include_str!("../../../targets/rust/stub.rs.j2");

#[derive(Debug, Serialize)]
struct StubView {
    package: String,
    /// The module the generated code is included in, as a path segment.
    module: Ident,
    trait_name: Ident,
    toolset_name: Ident,
    impl_name: Ident,
    tools: Vec<StubMethod>,
}

#[derive(Debug, Serialize)]
struct StubMethod {
    /// The wire name as a Rust string literal.
    wire: String,
    method: Ident,
    args: Ident,
    output: String,
    /// Whether the signature fits on one line, as rustfmt lays it out.
    one_line: bool,
}

/// rustfmt's default `max_width`.
const MAX_WIDTH: usize = 100;

/// The names a crate around the stub wires together.
#[derive(Debug, Clone)]
pub struct StubNames {
    /// The module to include the generated code in.
    pub module: String,
    /// The generated `<Package>Tools` trait.
    pub trait_name: String,
    /// The generated `<Package>Toolset` wrapper.
    pub toolset: String,
    /// The stub's struct.
    pub implementation: String,
}

/// The file name of `package`'s Rust stub.
pub fn stub_file_name(package: &str) -> String {
    format!("{package}_impl.rs")
}

/// Renders `package`'s stub.
pub fn stub(program: &Program, package: &Package) -> Result<(OutputFile, StubNames), String> {
    let view = file_view(program, package);
    let stub = StubView {
        package: package.name.clone(),
        module: Ident::snake(&package.name),
        trait_name: view.trait_name,
        toolset_name: view.toolset_name,
        impl_name: Ident::camel(&format!("{}_impl", package.name)),
        tools: view
            .tools
            .into_iter()
            .map(|t| {
                let signature = format!(
                    "    async fn {}(&self, _args: {}, _ctx: CallContext) -> Result<{}, ToolError> {{",
                    t.method.as_str(),
                    t.args.as_str(),
                    t.output
                );
                StubMethod {
                    one_line: signature.chars().count() <= MAX_WIDTH,
                    wire: t.wire,
                    method: t.method,
                    args: t.args,
                    output: t.output,
                }
            })
            .collect(),
    };
    let names = StubNames {
        module: stub.module.as_str().to_string(),
        trait_name: stub.trait_name.as_str().to_string(),
        toolset: stub.toolset_name.as_str().to_string(),
        implementation: stub.impl_name.as_str().to_string(),
    };
    let mut env = templates::environment();
    env.add_template("stub.rs.j2", TEMPLATE)
        .map_err(|e| format!("template stub.rs.j2: {e}"))?;
    let contents = env
        .get_template("stub.rs.j2")
        .and_then(|t| t.render(&stub))
        .map_err(|e| format!("template error: {e:#}"))?;
    let file = OutputFile {
        name: stub_file_name(&package.name),
        contents,
    };
    Ok((file, names))
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    #[test]
    fn every_tool_gets_a_method_answering_not_implemented() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
        let file = dir.path().join("demo.tool");
        let source = "package demo;\n/// Ping it.\ntool ping() -> bool;\n/// Set.\n@mutates\ntool set(\n    /// The value.\n    type: string,\n);\n";
        std::fs::write(&file, source).unwrap_or_else(|e| panic!("write: {e}"));
        let analysis = crate::driver::analyze(&[PathBuf::from(&file)], &Default::default())
            .unwrap_or_else(|e| panic!("analyze: {e:?}"));
        let package = analysis.program.packages.values().next();
        let package = package.unwrap_or_else(|| panic!("no package"));
        let (out, names) =
            super::stub(&analysis.program, package).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(names.toolset, "DemoToolset");
        assert_eq!(out.name, "demo_impl.rs");
        let text = &out.contents;
        assert!(text.contains("impl DemoTools for DemoImpl {"), "{text}");
        assert!(text.contains("use super::demo::*;"), "{text}");
        assert!(text.contains("    async fn ping(&self, _args: PingArgs, _ctx: CallContext) -> Result<bool, ToolError> {\n        Err(ToolError::not_implemented(\"ping\"))\n    }"), "{text}");
        assert!(
            text.contains(
                "async fn set(&self, _args: SetArgs, _ctx: CallContext) -> Result<(), ToolError> {"
            ),
            "{text}"
        );
    }
}
