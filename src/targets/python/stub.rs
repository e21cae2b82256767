//! The handler stub of one package (`toolc stubs --target python`): a class
//! implementing the module's `Handlers` protocol, every method raising the
//! runtime's `not_implemented_error`.

use serde::Serialize;

use super::literal;
use super::names::pascal;
use super::view::plan;
use crate::ir::{Package, Program};
use crate::targets::OutputFile;
use crate::targets::templates;

const TEMPLATE: &str = include_str!("../../../targets/python/stub.py.j2");

#[derive(Serialize)]
struct StubView {
    package: String,
    module: String,
    class_name: String,
    imports: String,
    tools: Vec<StubHandler>,
}

#[derive(Serialize)]
struct StubHandler {
    method: String,
    args: String,
    output: String,
    wire: String,
}

/// The file name of `package`'s Python stub: a module name.
pub fn stub_file_name(package: &str) -> String {
    format!("{package}_handlers.py")
}

/// The name of the stub's handler class.
pub fn class_name(package: &str) -> String {
    format!("{}Handlers", pascal(package))
}

/// Renders `package`'s stub, importing the package module from the
/// directory `generated` (relative to the stub, `.` for beside it).
pub fn stub(program: &Program, package: &Package, generated: &str) -> Result<OutputFile, String> {
    let plan = plan(program, package);
    let mut imports = vec!["Handlers".to_string()];
    let tools: Vec<StubHandler> = package
        .tools
        .values()
        .zip(plan.tools)
        .map(|(tool, names)| {
            imports.push(names.args.clone());
            imports.push(names.output.clone());
            StubHandler {
                method: names.method,
                args: names.args,
                output: names.output,
                wire: literal::string(&tool.name),
            }
        })
        .collect();
    imports.sort();
    let view = StubView {
        package: package.name.clone(),
        module: module_path(generated, &package.name),
        class_name: class_name(&package.name),
        imports: imports.join(", "),
        tools,
    };
    let mut env = templates::environment();
    env.add_template("stub.py.j2", TEMPLATE)
        .map_err(|e| format!("template stub.py.j2: {e}"))?;
    let contents = env
        .get_template("stub.py.j2")
        .and_then(|t| t.render(&view))
        .map_err(|e| format!("template error: {e:#}"))?;
    Ok(OutputFile {
        name: stub_file_name(&package.name),
        contents,
    })
}

/// The import path of `package`'s module in directory `generated`, the
/// stub's directory being on the import path: `generated/api` ->
/// `generated.api.weather`. A directory outside it (`..`) cannot be
/// named; the module is then imported by its own name, which works when
/// its directory is on the path.
fn module_path(generated: &str, package: &str) -> String {
    let parts: Vec<&str> = generated
        .split(['/', '\\'])
        .filter(|p| !p.is_empty() && *p != ".")
        .collect();
    if parts.contains(&"..") {
        return package.to_string();
    }
    let mut path: Vec<&str> = parts;
    path.push(package);
    path.join(".")
}

#[cfg(test)]
mod tests {
    use super::module_path;

    #[test]
    fn the_package_module_is_imported_by_its_dotted_path() {
        assert_eq!(module_path(".", "notes"), "notes");
        assert_eq!(module_path("", "notes"), "notes");
        assert_eq!(module_path("./generated/", "notes"), "generated.notes");
        assert_eq!(module_path("src/gen", "notes"), "src.gen.notes");
        assert_eq!(module_path("../gen", "notes"), "notes");
    }
}
