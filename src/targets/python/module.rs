//! The module of types `<module>.py` of a file without tools that packages
//! use (`targets::modules`): the models and aliases of the types it
//! declares, and their entries of the type table under the keys the
//! TypeScript module gives them (`common.TextMatch`), which the packages
//! import (`imports.rs`) and take into their own table.
//!
//! Context of `module.py.j2`: `header`, `doc`, `typing_imports`,
//! `extension_imports`, `pydantic_imports`, `imports`, `types`, `rebuild`
//! and `type_table`, as in `view.rs`.

use minijinja::context;

use super::models::{self, Decl, Models};
use super::names::Namer;
use super::render::decls_size;
use super::types::{TypeNames, Writer};
use super::view::{header, mentioned};
use super::{imports, literal, order};
use crate::ir::{Package, Program, Ty, TyKind};
use crate::targets::descriptors::Descriptors;
use crate::targets::templates::lazy;

pub struct ModuleView {
    header: String,
    doc: String,
    typing_imports: String,
    extension_imports: String,
    pydantic_imports: String,
    imports: Vec<String>,
    types: Vec<Decl>,
    rebuild: Vec<String>,
    type_table: String,
}

impl ModuleView {
    /// The template context and about the size of the module it renders.
    pub fn into_context(self) -> (minijinja::Value, usize) {
        let size = decls_size(&self.types) + self.type_table.len() + 16 * 1024;
        let context = context! {
            header => self.header,
            doc => self.doc,
            typing_imports => self.typing_imports,
            extension_imports => self.extension_imports,
            pydantic_imports => self.pydantic_imports,
            imports => self.imports,
            types => lazy(self.types),
            rebuild => self.rebuild,
            type_table => self.type_table,
        };
        (context, size)
    }
}

/// The template context of module of types `package`.
pub fn build(program: &Program, package: &Package) -> ModuleView {
    let mut module = Namer::module();
    let names = TypeNames::collect(program, package, &mut module);
    let variants = models::variant_names(program, &names, &mut module);
    let tables = imports::table_locals(&names, &mut module);
    let mut models = Models::new(Writer::new(program, &names), &module, &variants);
    let types = models.types();
    let mut descriptors = Descriptors::new(program, &names);
    // Every struct and union it declares has its entry: the packages that
    // import them refer to it.
    for key in names.used.used.iter().filter(|k| !names.is_imported(k)) {
        descriptors.ty(&Ty {
            kind: TyKind::Named { key: key.clone() },
            nullable: false,
            constraints: Default::default(),
            span: Default::default(),
        });
    }
    let table = descriptors.table();
    let mentioned = mentioned(types.iter());
    let (lines, spreads) = imports::lines(&names, &tables, &mentioned, descriptors.imported_refs());
    let used = models.writer.imports;
    let mut typing = vec!["Final"];
    let aliases = types.iter().any(|d| d.form == "alias" && d.type_alias);
    let flags = [
        (used.annotated, "Annotated"),
        (used.literal, "Literal"),
        (used.optional, "Optional"),
        (aliases, "TypeAlias"),
        (used.union, "Union"),
    ];
    typing.extend(flags.iter().filter(|(on, _)| *on).map(|(_, n)| *n));
    typing.sort_unstable();
    let mut pydantic = vec!["BaseModel", "ConfigDict"];
    if used.field {
        pydantic.push("Field");
    }
    if used.json_value {
        pydantic.push("JsonValue");
    }
    ModuleView {
        header: header(package),
        doc: literal::docstring(package.doc.as_deref().unwrap_or_default(), ""),
        typing_imports: typing.join(", "),
        extension_imports: if used.type_alias_type {
            "TypeAliasType".into()
        } else {
            String::new()
        },
        pydantic_imports: pydantic.join(", "),
        imports: lines,
        rebuild: order::rebuilds(&types.iter().collect::<Vec<_>>()),
        types,
        type_table: imports::with_spreads(literal::value(&table, 0), &spreads),
    }
}
