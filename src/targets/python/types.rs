//! Python names of named types and type expressions (annotations) for IR
//! types, with the constraints pydantic checks natively.
//!
//! The models must accept every value the runtime's validator accepts (it
//! runs first, on the JSON), so a constraint is written only where
//! pydantic decides it exactly as the validator does: lengths and counts,
//! bounds (on an `int`, only integer bounds), an integer `multiple_of` on
//! an `int`, and patterns in the `regex` crate's syntax (pydantic matches
//! with that crate, like the Rust runtime; [`crate::pattern::to_rust`]
//! gives the pattern that matches what the ECMAScript one matches), except
//! those with Unicode property classes, whose tables differ between
//! Unicode versions. Formats, unique items, map key patterns and
//! non-integer steps are left to the validator, as is a numeric enum with
//! a non-integer member (`float`: typing's `Literal` takes no floats).

use foldhash::{HashMap, HashSet};
use serde_json::Number;

use super::literal;
use super::names::Namer;
use crate::ir::{Constraints, Package, Program, Ty, TyKind, TypeKey};
use crate::targets::descriptors::TableNames;
use crate::targets::modules;
use crate::targets::used_types::UsedTypes;

/// Which shape a type expression describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Form {
    /// After validation: defaults applied, so fields with defaults are present.
    Validated,
    /// As a model sends it: fields with defaults may be absent.
    Input,
}

/// The Python names of the named types one package uses.
pub struct TypeNames {
    names: HashMap<TypeKey, String>,
    input_names: HashMap<TypeKey, String>,
    pub used: UsedTypes,
    /// The type table's key of each named type that a module of types
    /// declares (this module's own when it is one): `common.TextMatch`, as
    /// in TypeScript. A package's table takes in the tables of the modules
    /// it imports, and a dotted key cannot meet one of its own names.
    table_names: HashMap<TypeKey, String>,
    /// The named types declared in a module of types this one imports.
    imported: HashSet<TypeKey>,
    /// The modules of types this one imports from, in program order.
    pub imports: Vec<ModuleImport>,
}

/// What a module may import from one module of types.
pub struct ModuleImport {
    /// The module's package name, which is its Python module's name.
    pub module: String,
    /// `(exported, local)` names of its types (and their input shapes),
    /// `local` differing where the name is taken here. The view imports
    /// those the module's declarations mention.
    pub names: Vec<(String, String)>,
}

impl TypeNames {
    /// Names every named type reachable from `package`, claiming names in
    /// `namer`. The types of a module of types are imported under the
    /// names that module gives them (renamed where taken here).
    pub fn collect(program: &Program, package: &Package, namer: &mut Namer) -> Self {
        let used = UsedTypes::collect(program, package);
        let mut names = HashMap::default();
        let mut input_names = HashMap::default();
        let mut table_names = HashMap::default();
        let mut imported = HashSet::default();
        let mut imports: Vec<ModuleImport> = Vec::new();
        let mut exports: Vec<HashMap<TypeKey, Exported>> = Vec::new();
        for key in &used.used {
            let Some(module) = modules::module_of(program, &package.name, key) else {
                let name = program
                    .type_def(key)
                    .map_or(key.0.as_str(), |d| d.name.as_str());
                names.insert(key.clone(), namer.claim(name));
                continue;
            };
            let at = match imports.iter().position(|i| i.module == module) {
                Some(at) => at,
                None => {
                    exports.push(exported(program, module));
                    imports.push(ModuleImport {
                        module: module.to_string(),
                        names: Vec::new(),
                    });
                    imports.len() - 1
                }
            };
            let Some(export) = exports[at].get(key) else {
                continue;
            };
            let local = namer.claim(&export.name);
            imports[at].names.push((export.name.clone(), local.clone()));
            names.insert(key.clone(), local);
            if let Some(input) = &export.input {
                let local = namer.claim(input);
                imports[at].names.push((input.clone(), local.clone()));
                input_names.insert(key.clone(), local);
            }
            table_names.insert(key.clone(), export.table.clone());
            imported.insert(key.clone());
        }
        for key in used.used.iter().filter(|k| used.input_differs.contains(*k)) {
            if !imported.contains(key) {
                let name = names.get(key).map_or("Unknown", String::as_str);
                let input = namer.claim(&format!("{name}Input"));
                input_names.insert(key.clone(), input);
            }
        }
        if package.tools.is_empty() {
            for key in used.used.iter().filter(|k| !imported.contains(*k)) {
                let name = names.get(key).map_or("Unknown", String::as_str);
                table_names.insert(key.clone(), format!("{}.{name}", package.name));
            }
        }
        imports.sort_by_key(|i| {
            (program.packages.keys())
                .chain(program.imported.keys())
                .position(|n| *n == i.module)
        });
        TypeNames {
            names,
            input_names,
            used,
            table_names,
            imported,
            imports,
        }
    }

    /// Whether `key` is declared in a module of types this one imports.
    pub fn is_imported(&self, key: &TypeKey) -> bool {
        self.imported.contains(key)
    }

    pub fn name(&self, key: &TypeKey) -> &str {
        self.names.get(key).map_or("JsonValue", String::as_str)
    }

    pub fn has_input_form(&self, key: &TypeKey) -> bool {
        self.input_names.contains_key(key)
    }

    /// The name of `key` in the shape `form` selects.
    pub fn name_in(&self, key: &TypeKey, form: Form) -> &str {
        match (form, self.input_names.get(key)) {
            (Form::Input, Some(name)) => name,
            _ => self.name(key),
        }
    }
}

/// A type a module of types declares, as that module names it.
struct Exported {
    name: String,
    input: Option<String>,
    table: String,
}

/// The names module of types `module` gives the types it declares.
fn exported(program: &Program, module: &str) -> HashMap<TypeKey, Exported> {
    let Some(package) = modules::types_module(program, module) else {
        return HashMap::default();
    };
    let names = TypeNames::collect(program, package, &mut Namer::module());
    (names.used.used.iter().filter(|k| !names.is_imported(k)))
        .map(|key| {
            let export = Exported {
                name: names.name(key).to_string(),
                input: names.input_names.get(key).cloned(),
                table: names.table_name(key),
            };
            (key.clone(), export)
        })
        .collect()
}

impl TableNames for TypeNames {
    fn table_name(&self, key: &TypeKey) -> String {
        match self.table_names.get(key) {
            Some(name) => name.clone(),
            None => self.name(key).to_string(),
        }
    }

    fn is_recursive(&self, key: &TypeKey) -> bool {
        self.used.recursive.contains(key)
    }

    fn is_imported(&self, key: &TypeKey) -> bool {
        TypeNames::is_imported(self, key)
    }
}

/// The typing and pydantic names a module uses, so that it imports exactly
/// those (strict checkers report unused imports).
#[derive(Debug, Default, Clone, Copy)]
pub struct Imports {
    pub annotated: bool,
    pub literal: bool,
    pub optional: bool,
    pub union: bool,
    pub field: bool,
    pub json_value: bool,
    pub type_alias_type: bool,
}

/// Writes type expressions; records what they import and which module
/// names they mention.
pub struct Writer<'a> {
    pub program: &'a Program,
    pub names: &'a TypeNames,
    pub imports: Imports,
    /// Top-level names mentioned since the last [`Writer::take_refs`].
    refs: Vec<String>,
    /// When set, names not in it are written as strings (forward
    /// references): an alias's right-hand side runs when the module loads.
    declared: Option<HashSet<String>>,
}

impl<'a> Writer<'a> {
    pub fn new(program: &'a Program, names: &'a TypeNames) -> Self {
        Writer {
            program,
            names,
            imports: Imports::default(),
            refs: Vec::new(),
            declared: None,
        }
    }

    /// Quote names outside `declared` from now on (`None`: never quote).
    pub fn quote_undeclared(&mut self, declared: Option<HashSet<String>>) {
        self.declared = declared;
    }

    /// The names quoting is relative to, leaving none (no quoting).
    pub fn take_declared(&mut self) -> Option<HashSet<String>> {
        self.declared.take()
    }

    pub fn take_refs(&mut self) -> Vec<String> {
        std::mem::take(&mut self.refs)
    }

    /// The annotation of `ty` in the shape `form` selects.
    pub fn expr(&mut self, ty: &Ty, form: Form) -> String {
        let base = self.base(ty, form);
        let base = self.constrained(base, ty);
        if ty.nullable {
            self.optional(base)
        } else {
            base
        }
    }

    /// `Optional[base]`, unless `base` already takes `None`.
    pub fn optional(&mut self, base: String) -> String {
        if base == "JsonValue" || base.starts_with("Optional[") || base == "None" {
            return base;
        }
        self.imports.optional = true;
        format!("Optional[{base}]")
    }

    fn base(&mut self, ty: &Ty, form: Form) -> String {
        match &ty.kind {
            TyKind::String => "str".into(),
            TyKind::Int => "int".into(),
            TyKind::Number => "float".into(),
            TyKind::Bool => "bool".into(),
            TyKind::Json => {
                self.imports.json_value = true;
                "JsonValue".into()
            }
            TyKind::Array { items } => format!("list[{}]", self.expr(items, form)),
            TyKind::Tuple { items } => {
                let items: Vec<String> = items.iter().map(|t| self.expr(t, form)).collect();
                format!("tuple[{}]", items.join(", "))
            }
            TyKind::Map { values } => format!("dict[str, {}]", self.expr(values, form)),
            TyKind::Literals { values } => {
                let texts: Option<Vec<String>> = values
                    .iter()
                    .map(|l| match &l.value {
                        serde_json::Value::String(s) => Some(literal::string(s)),
                        serde_json::Value::Number(n) if is_integer(n) => Some(n.to_string()),
                        _ => None,
                    })
                    .collect();
                match texts {
                    Some(texts) => {
                        self.imports.literal = true;
                        format!("Literal[{}]", texts.join(", "))
                    }
                    None => "float".into(),
                }
            }
            TyKind::Union { members } => {
                let mut parts: Vec<String> = Vec::new();
                for m in members {
                    let e = self.expr(m, form);
                    if !parts.contains(&e) {
                        parts.push(e);
                    }
                }
                self.union(parts)
            }
            TyKind::Named { key } => {
                let name = self.names.name_in(key, form).to_string();
                self.reference(name)
            }
        }
    }

    /// `Union[...]` of distinct `parts` (one part is itself).
    pub fn union(&mut self, parts: Vec<String>) -> String {
        if parts.len() == 1 {
            return parts.into_iter().next().unwrap_or_default();
        }
        self.imports.union = true;
        format!("Union[{}]", parts.join(", "))
    }

    /// A module name, quoted when it is not declared yet.
    pub fn reference(&mut self, name: String) -> String {
        if name == "JsonValue" {
            self.imports.json_value = true;
            return name;
        }
        self.refs.push(name.clone());
        match &self.declared {
            Some(declared) if !declared.contains(&name) => literal::string(&name),
            _ => name,
        }
    }

    /// `base` with `ty`'s own constraints as `Annotated[base, Field(...)]`.
    fn constrained(&mut self, base: String, ty: &Ty) -> String {
        let resolved = self.program.resolve_alias_cow(ty);
        let args = field_args(&resolved.kind, &ty.constraints);
        if args.is_empty() {
            return base;
        }
        self.imports.annotated = true;
        self.imports.field = true;
        format!("Annotated[{base}, Field({})]", args.join(", "))
    }
}

/// The `Field(...)` arguments for the constraints `c` on a value of kind
/// `kind` that pydantic decides exactly as the validator does.
fn field_args(kind: &TyKind, c: &Constraints) -> Vec<String> {
    let mut args = Vec::new();
    let mut count = |name: &str, n: Option<u64>| {
        if let Some(n) = n {
            args.push(format!("{name}={n}"));
        }
    };
    match kind {
        TyKind::String => {
            count("min_length", c.min_length);
            count("max_length", c.max_length);
            if let Some(p) = &c.pattern {
                if !p.source.contains("\\p{") && !p.source.contains("\\P{") {
                    let rust = crate::pattern::to_rust(&p.source);
                    args.push(format!("pattern={}", literal::string(&rust)));
                }
            }
        }
        TyKind::Array { .. } => {
            count("min_length", c.min_items.or(c.min_length));
            count("max_length", c.max_items.or(c.max_length));
        }
        TyKind::Map { .. } => {
            count(
                "min_length",
                c.min_properties.or(c.min_items).or(c.min_length),
            );
            count(
                "max_length",
                c.max_properties.or(c.max_items).or(c.max_length),
            );
        }
        TyKind::Int | TyKind::Number => {
            let int = matches!(kind, TyKind::Int);
            let mut bound = |b: &Option<crate::ir::Bound>, inclusive: &str, exclusive: &str| {
                if let Some(b) = b {
                    if !int || is_integer(&b.value) {
                        let key = if b.exclusive { exclusive } else { inclusive };
                        args.push(format!("{key}={}", b.value));
                    }
                }
            };
            bound(&c.minimum, "ge", "gt");
            bound(&c.maximum, "le", "lt");
            if let Some(m) = &c.multiple_of {
                if int && is_integer(m) {
                    args.push(format!("multiple_of={m}"));
                }
            }
        }
        _ => {}
    }
    args
}

/// Whether `n` is written as an integer (no fraction, no exponent).
pub fn is_integer(n: &Number) -> bool {
    n.is_i64() || n.is_u64()
}
