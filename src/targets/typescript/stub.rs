//! The handler stub of one package (`toolc stubs --target typescript`): the
//! handlers object `createExecutor` takes, every handler throwing the
//! runtime's `notImplementedError`.

use serde::Serialize;

use crate::ir::Package;
use crate::targets::OutputFile;
use crate::targets::templates;

const TEMPLATE: &str = include_str!("../../../targets/typescript/stub.ts.j2");

#[derive(Debug, Serialize)]
struct StubView {
    package: String,
    /// The import specifier of the package module (`./notes.js`).
    module: String,
    tools: Vec<StubHandler>,
}

#[derive(Debug, Serialize)]
struct StubHandler {
    /// The property key: the wire name as a string literal, computed for
    /// `__proto__`, which as a plain key would set the prototype instead.
    key: String,
    /// The wire name as a string literal.
    wire: String,
}

/// The file name of `package`'s TypeScript stub.
pub fn stub_file_name(package: &str) -> String {
    format!("{package}.handlers.ts")
}

/// Renders `package`'s stub, importing the package module from the
/// directory `generated` (relative to the stub, `.` for beside it).
pub fn stub(package: &Package, generated: &str) -> Result<OutputFile, String> {
    let view = StubView {
        package: package.name.clone(),
        module: module_specifier(generated, &package.name),
        tools: package
            .tools
            .values()
            .map(|t| {
                let wire = string_literal(&t.name);
                StubHandler {
                    key: if t.name == "__proto__" {
                        format!("[{wire}]")
                    } else {
                        wire.clone()
                    },
                    wire,
                }
            })
            .collect(),
    };
    let mut env = templates::environment();
    env.add_template("stub.ts.j2", TEMPLATE)
        .map_err(|e| format!("template stub.ts.j2: {e}"))?;
    let contents = env
        .get_template("stub.ts.j2")
        .and_then(|t| t.render(&view))
        .map_err(|e| format!("template error: {e:#}"))?;
    Ok(OutputFile {
        name: stub_file_name(&package.name),
        contents,
    })
}

/// The relative import specifier of `package`'s module in directory
/// `generated`: a bare `gen/x.js` would name an npm package instead.
fn module_specifier(generated: &str, package: &str) -> String {
    let dir = generated.trim_end_matches('/');
    let relative = dir == "." || dir == ".." || dir.starts_with("./") || dir.starts_with("../");
    match dir {
        "" => format!("./{package}.js"),
        _ if relative => format!("{dir}/{package}.js"),
        _ => format!("./{dir}/{package}.js"),
    }
}

/// `s` as a JavaScript string literal (JSON's syntax is a subset).
fn string_literal(s: &str) -> String {
    serde_json::Value::from(s).to_string()
}

#[cfg(test)]
mod tests {
    use super::{module_specifier, string_literal};

    #[test]
    fn the_package_module_is_always_imported_relatively() {
        assert_eq!(module_specifier(".", "notes"), "./notes.js");
        assert_eq!(module_specifier("", "notes"), "./notes.js");
        assert_eq!(
            module_specifier("generated/", "notes"),
            "./generated/notes.js"
        );
        assert_eq!(
            module_specifier("./generated", "notes"),
            "./generated/notes.js"
        );
        assert_eq!(module_specifier("../gen", "notes"), "../gen/notes.js");
    }

    #[test]
    fn wire_names_are_string_literals() {
        assert_eq!(string_literal("admin.tools.list"), "\"admin.tools.list\"");
        assert_eq!(string_literal("a\"b"), "\"a\\\"b\"");
    }
}
