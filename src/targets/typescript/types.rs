//! TypeScript names of named types and type expressions for IR types (the
//! declarations are written in `interfaces`).
//!
//! Named types are declared once and referenced by name (so recursion needs
//! no special care here). The declared shapes are the *validated* values:
//! a field with a default is always present after validation, so it is not
//! optional in these types. Only each tool's `<Tool>Input` interface shows the
//! shape a model sends.

use foldhash::{HashMap, HashSet};
use std::fmt::Write as _;

use super::names::Namer;
use crate::ir::{Package, Program, Ty, TyKind, TypeKey};
use crate::targets::modules;
use crate::targets::used_types::{UsedTypes, direct_refs, refs};

/// The TypeScript names of the named types one package uses.
pub struct TypeNames {
    names: HashMap<TypeKey, String>,
    /// In program order.
    pub used: Vec<TypeKey>,
    /// Named types that reach themselves through their fields (computed here
    /// too, so the result does not depend on the front end having set
    /// `TypeDef::recursive`).
    recursive: HashSet<TypeKey>,
    /// Named types whose shape as a model sends it differs from the validated
    /// shape (a field with a default, here or nested), with the name of that
    /// input shape: `Rect` -> `RectInput`.
    input_names: HashMap<TypeKey, String>,
    /// The type table's key of each named type that a module of types
    /// declares (this module's own when it is one): `common.TextMatch`. A
    /// package's table takes in the tables of the modules it imports, and a
    /// dotted key cannot meet the plain name of one of its own types.
    table_names: HashMap<TypeKey, String>,
    /// The modules of types this one imports from, in program order.
    pub imports: Vec<ModuleImport>,
    /// The named types declared in one of those modules.
    imported: HashSet<TypeKey>,
    /// Each of those types' module and the name it has there.
    exported_as: HashMap<TypeKey, (String, String)>,
}

/// What a module imports from one module of types.
pub struct ModuleImport {
    /// The module's package name: its file is `./<module>.js`.
    pub module: String,
    /// `(exported, local)` type names, in first-use order; `local` differs
    /// where the name is taken in the importing module.
    pub types: Vec<(String, String)>,
}

/// The names a module of types exports: per named type it declares, its
/// name, its input shape's name (when it has one) and its table key.
struct Exported {
    name: String,
    input: Option<String>,
    table: String,
}

impl TypeNames {
    /// Collects every named type reachable from `package`'s tools and names
    /// them, claiming names in `namer`. The types of a module of types are
    /// imported under the names it exports (renamed where taken here).
    pub fn collect(program: &Program, package: &Package, namer: &mut Namer) -> Self {
        let UsedTypes {
            used,
            recursive,
            input_differs,
        } = UsedTypes::collect(program, package);
        let mut names = HashMap::default();
        let mut input_names = HashMap::default();
        let mut table_names = HashMap::default();
        let mut exports: Vec<(String, HashMap<TypeKey, Exported>)> = Vec::new();
        let mut imports: Vec<ModuleImport> = Vec::new();
        let mut imported = HashSet::default();
        let mut exported_as = HashMap::default();
        let direct = direct_uses(program, package, &used, &input_differs);
        for key in &used {
            let Some(module) = modules::module_of(program, &package.name, key) else {
                let name = program
                    .type_def(key)
                    .map_or(key.0.as_str(), |d| d.name.as_str());
                names.insert(key.clone(), namer.claim(name));
                continue;
            };
            let at = match exports.iter().position(|(m, _)| m == module) {
                Some(at) => at,
                None => {
                    exports.push((module.to_string(), exported(program, module)));
                    imports.push(ModuleImport {
                        module: module.to_string(),
                        types: Vec::new(),
                    });
                    exports.len() - 1
                }
            };
            let Some(export) = exports[at].1.get(key) else {
                continue;
            };
            imported.insert(key.clone());
            table_names.insert(key.clone(), export.table.clone());
            exported_as.insert(key.clone(), (module.to_string(), export.name.clone()));
            // Only the names this module writes are imported (an unused
            // import fails `noUnusedLocals`), so only they take a name here.
            let Some(&input_too) = direct.get(key) else {
                continue;
            };
            let local = namer.claim(&export.name);
            imports[at].types.push((export.name.clone(), local.clone()));
            names.insert(key.clone(), local);
            if let Some(input) = export.input.as_ref().filter(|_| input_too) {
                let local = namer.claim(input);
                imports[at].types.push((input.clone(), local.clone()));
                input_names.insert(key.clone(), local);
            }
        }
        for key in used.iter().filter(|k| input_differs.contains(*k)) {
            if !input_names.contains_key(key) {
                let name = names_get(&names, key);
                input_names.insert(key.clone(), namer.claim(&format!("{name}Input")));
            }
        }
        if package.tools.is_empty() {
            for key in &used {
                if !table_names.contains_key(key) {
                    let own = format!("{}.{}", package.name, names_get(&names, key));
                    table_names.insert(key.clone(), own);
                }
            }
        }
        imports.sort_by_key(|i| {
            (program.packages.keys())
                .chain(program.imported.keys())
                .position(|n| *n == i.module)
        });
        TypeNames {
            names,
            used,
            recursive,
            input_names,
            table_names,
            imports,
            imported,
            exported_as,
        }
    }

    /// The module of types that declares `key` and `key`'s name there, for
    /// a type this module imports.
    pub fn exported_as(&self, key: &TypeKey) -> Option<(&str, &str)> {
        (self.exported_as.get(key)).map(|(m, n)| (m.as_str(), n.as_str()))
    }

    /// Whether `key` is imported from a module of types (declared there).
    pub fn is_imported(&self, key: &TypeKey) -> bool {
        self.imported.contains(key)
    }

    /// The name of `key`'s input shape, when it has one of its own.
    pub fn input_name(&self, key: &TypeKey) -> Option<&String> {
        self.input_names.get(key)
    }

    pub fn is_recursive(&self, key: &TypeKey) -> bool {
        self.recursive.contains(key)
    }

    pub fn get(&self, key: &TypeKey) -> String {
        names_get(&self.names, key)
    }

    pub fn name(&self, key: &TypeKey) -> &str {
        self.names.get(key).map_or("unknown", String::as_str)
    }

    /// The name to use for `key` in the shape `form` selects.
    pub fn name_in(&self, key: &TypeKey, form: Form) -> &str {
        match (form, self.input_names.get(key)) {
            (Form::Input, Some(name)) => name,
            _ => self.name(key),
        }
    }
}

impl crate::targets::descriptors::TableNames for TypeNames {
    fn table_name(&self, key: &TypeKey) -> String {
        match self.table_names.get(key) {
            Some(name) => name.clone(),
            None => self.get(key),
        }
    }

    fn is_recursive(&self, key: &TypeKey) -> bool {
        TypeNames::is_recursive(self, key)
    }

    fn is_imported(&self, key: &TypeKey) -> bool {
        TypeNames::is_imported(self, key)
    }
}

/// The named types `package`'s module writes by name: those its own types
/// and its tools' parameters and outputs mention, each with whether its
/// input shape is written too (a parameter's, or one of a type that has an
/// input shape of its own; an output is written validated only).
fn direct_uses(
    program: &Program,
    package: &Package,
    used: &[TypeKey],
    input_differs: &HashSet<TypeKey>,
) -> HashMap<TypeKey, bool> {
    let mut direct: HashMap<TypeKey, bool> = HashMap::default();
    let mut mark = |keys: Vec<TypeKey>, input: bool| {
        for key in keys {
            *direct.entry(key).or_default() |= input;
        }
    };
    let own = used.iter().filter(|k| {
        program
            .type_def(k)
            .is_some_and(|d| d.package == package.name)
    });
    for key in own {
        mark(direct_refs(program, key), input_differs.contains(key));
    }
    for tool in package.tools.values() {
        let mut params = Vec::new();
        tool.params.values().for_each(|f| refs(&f.ty, &mut params));
        mark(params, true);
        let mut output = Vec::new();
        tool.output.iter().for_each(|t| refs(t, &mut output));
        mark(output, false);
    }
    direct
}

/// The names module of types `module` exports, as its own file names them.
fn exported(program: &Program, module: &str) -> HashMap<TypeKey, Exported> {
    let Some(package) = modules::types_module(program, module) else {
        return HashMap::default();
    };
    let names = TypeNames::collect(program, package, &mut Namer::types());
    let own = |k: &&TypeKey| !names.is_imported(k);
    (names.used.iter().filter(own))
        .map(|key| {
            let export = Exported {
                name: names.get(key),
                input: names.input_name(key).cloned(),
                table: crate::targets::descriptors::TableNames::table_name(&names, key),
            };
            (key.clone(), export)
        })
        .collect()
}

fn names_get(names: &HashMap<TypeKey, String>, key: &TypeKey) -> String {
    names
        .get(key)
        .cloned()
        .unwrap_or_else(|| "unknown".to_string())
}

/// Which shape a type expression describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// After validation: defaults applied, so fields with defaults are present.
    Validated,
    /// As a model sends it: fields with defaults may be absent.
    Input,
}

/// The TypeScript type of `ty` in the shape `form` selects.
pub fn expr(ty: &Ty, names: &TypeNames, form: Form) -> String {
    let mut out = String::new();
    push_expr(&mut out, ty, names, form);
    out
}

/// [`expr`], appended to `out`.
pub fn push_expr(out: &mut String, ty: &Ty, names: &TypeNames, form: Form) {
    let start = out.len();
    match &ty.kind {
        TyKind::String => out.push_str("string"),
        TyKind::Int | TyKind::Number => out.push_str("number"),
        TyKind::Bool => out.push_str("boolean"),
        TyKind::Json => out.push_str("unknown"),
        TyKind::Array { items } => {
            push_expr(out, items, names, form);
            if out[start..].contains(' ') {
                out.insert_str(start, "Array<");
                out.push('>');
            } else {
                out.push_str("[]");
            }
        }
        TyKind::Tuple { items } => {
            out.push('[');
            for (i, t) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                push_expr(out, t, names, form);
            }
            out.push(']');
        }
        TyKind::Map { values } => {
            out.push_str("Record<string, ");
            push_expr(out, values, names, form);
            out.push('>');
        }
        TyKind::Literals { values } => {
            for (i, l) in values.iter().enumerate() {
                if i > 0 {
                    out.push_str(" | ");
                }
                let _ = write!(out, "{}", l.value);
            }
        }
        TyKind::Union { members } => {
            let mut parts: Vec<String> = Vec::new();
            for m in members {
                let e = expr(m, names, form);
                if !parts.contains(&e) {
                    parts.push(e);
                }
            }
            out.push_str(&parts.join(" | "));
        }
        TyKind::Named { key } => out.push_str(names.name_in(key, form)),
    }
    let base = &out[start..];
    if ty.nullable && base != "unknown" && !base.ends_with("| null") {
        out.push_str(" | null");
    }
}
