//! Modules of types: a file that declares no tools and that packages `use`
//! (`common/types.tool`) is written by the code targets as a module of its
//! own (`common.rs`, `common.ts`, `common.py`), which the packages that use
//! its types import instead of each declaring a copy, as protoc does for an
//! imported `.proto` file. So two packages that use one shared type hand
//! each other values of that one type.
//!
//! The JSON targets have no modules: they inline every type as before.

use crate::ir::{Package, Program, TypeKey};

use super::used_types::direct_refs;

/// The package of file `name` when it declares no tools: a module of types.
pub fn types_module<'p>(program: &'p Program, name: &str) -> Option<&'p Package> {
    let package = program
        .packages
        .get(name)
        .or_else(|| program.imported.get(name))?;
    package.tools.is_empty().then_some(package)
}

/// The module of types that declares `key`, when that is not `home` (the
/// package being written): the type is imported from there.
pub fn module_of<'p>(program: &'p Program, home: &str, key: &TypeKey) -> Option<&'p str> {
    let def = program.type_def(key)?;
    if def.package == home {
        return None;
    }
    types_module(program, &def.package).map(|p| p.name.as_str())
}

/// The modules of types a package's own types and tools reach (directly or
/// through another module), each once, in program order.
pub fn modules_used<'p>(program: &'p Program, package: &Package) -> Vec<&'p Package> {
    let mut seen = std::collections::HashSet::new();
    let mut stack: Vec<TypeKey> = package.types.clone();
    for tool in package.tools.values() {
        for field in tool.params.values() {
            super::used_types::refs(&field.ty, &mut stack);
        }
        if let Some(out) = &tool.output {
            super::used_types::refs(out, &mut stack);
        }
    }
    while let Some(key) = stack.pop() {
        if seen.insert(key.clone()) {
            stack.extend(direct_refs(program, &key));
        }
    }
    program
        .packages
        .values()
        .chain(program.imported.values())
        .filter(|p| p.name != package.name && p.tools.is_empty())
        .filter(|p| p.types.iter().any(|k| seen.contains(k)))
        .collect()
}

/// The modules of types that the packages with tools among `packages` use,
/// each once, in program order: what a code target writes besides them.
pub fn modules_of_build<'p>(program: &'p Program, packages: &[&'p Package]) -> Vec<&'p Package> {
    let mut out: Vec<&Package> = Vec::new();
    for package in packages.iter().filter(|p| !p.tools.is_empty()) {
        for module in modules_used(program, package) {
            if !out.iter().any(|m| m.name == module.name) {
                out.push(module);
            }
        }
    }
    let order = |name: &str| {
        (program.packages.keys())
            .chain(program.imported.keys())
            .position(|n| n == name)
    };
    out.sort_by_key(|m| order(&m.name));
    out
}
