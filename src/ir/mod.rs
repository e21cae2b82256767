//! The typed IR (see `model`) and the front end that produces it from source
//! files: loading, imports, name resolution and lowering from the AST.

mod literal;
pub mod load;
mod lower;
mod model;
pub(crate) mod number;
pub mod passthrough;
pub mod suggest;
mod tool;

pub use literal::json_path_child;
pub use lower::MAX_TUPLE;
pub use model::*;
pub use tool::*;

/// The attributes each kind of item takes (`@core`, `@deprecated`, ...), as
/// the lowering accepts them: what an editor offers after `@`.
pub mod attributes {
    pub use super::lower::attrs::{FIELD_ATTRS, STRUCT_ATTRS, TOOL_ATTRS, TYPE_ATTRS};
}

/// Whether `text` says nothing: empty or only whitespace. The language
/// refuses such titles, permissions, deprecation notes (E0302) and error
/// codes, messages and helps (E0001); `toolc import` asks the same question
/// to drop them rather than write source that does not check.
pub fn is_blank(text: &str) -> bool {
    text.trim().is_empty()
}

/// Lowers one source text that imports nothing, as package `package`, and
/// drops the diagnostics: for code that writes `.tool` source itself and
/// needs the checker's reading of it (the importer validates the values it
/// writes against the types it writes, with the checker's own validator).
pub fn lower_text(package: &str, text: &str) -> Program {
    let file = 0;
    let (ast, _) = crate::syntax::parse(file, text);
    let unit = lower::Unit {
        file,
        ast,
        package: package.to_string(),
        package_span: crate::source::Span::new(file, 0, 0),
        display: String::new(),
        is_input: true,
        imports: Vec::new(),
    };
    lower::lower(&mut [unit], &mut crate::diagnostics::Diagnostics::new())
}

impl Program {
    pub fn type_def(&self, key: &TypeKey) -> Option<&TypeDef> {
        self.types.get(key)
    }

    /// The type as the language writes it (`[string]`, `(int, int)`, `map<string, int>`,
    /// `"a" | "b"`, `NodeId | null`): what diagnostics and docs print.
    pub fn type_text(&self, ty: &Ty) -> String {
        let join = |parts: Vec<String>| parts.join(" | ");
        let base = match &ty.kind {
            TyKind::String if ty.constraints.format == Some(Format::Color) => "color".to_string(),
            TyKind::String => "string".to_string(),
            TyKind::Int => "int".to_string(),
            TyKind::Number => "number".to_string(),
            TyKind::Bool => "bool".to_string(),
            TyKind::Json => "json".to_string(),
            TyKind::Array { items } => format!("[{}]", self.type_text(items)),
            TyKind::Tuple { items } => {
                let items: Vec<String> = items.iter().map(|t| self.type_text(t)).collect();
                format!("({})", items.join(", "))
            }
            TyKind::Map { values } => format!("map<string, {}>", self.type_text(values)),
            TyKind::Literals { values } => {
                join(values.iter().map(|l| l.value.to_string()).collect())
            }
            TyKind::Union { members } => join(members.iter().map(|m| self.type_text(m)).collect()),
            TyKind::Named { key } => self
                .types
                .get(key)
                .map_or_else(|| key.0.clone(), |d| d.name.clone()),
        };
        if ty.nullable {
            format!("{base} | null")
        } else {
            base
        }
    }

    /// Follows aliases until a non-alias type is reached, merging the
    /// constraints and nullability written at each step (the outer, more
    /// specific constraint wins where both set the same keyword).
    ///
    /// The result's kind is never a `Named` alias; it may still be `Named` for
    /// an enum, struct or union. Alias cycles are rejected by the front end,
    /// and check `E0003` limits a chain of named types to 127; the limit of
    /// steps here only keeps a malformed IR from looping.
    pub fn resolve_alias(&self, ty: &Ty) -> Ty {
        self.resolve_alias_cow(ty).into_owned()
    }

    /// [`Program::resolve_alias`] without cloning `ty` when it is not an
    /// alias (most types): schema lowering and checks call this for every
    /// node of every type, and the deep clone dominated their cost.
    pub fn resolve_alias_cow<'a>(&self, ty: &'a Ty) -> std::borrow::Cow<'a, Ty> {
        let is_alias = |ty: &Ty| match &ty.kind {
            TyKind::Named { key } => matches!(
                self.types.get(key),
                Some(TypeDef {
                    kind: TypeDefKind::Alias { .. },
                    ..
                })
            ),
            _ => false,
        };
        if !is_alias(ty) {
            return std::borrow::Cow::Borrowed(ty);
        }
        let mut current = ty.clone();
        for _ in 0..128 {
            let TyKind::Named { key } = &current.kind else {
                break;
            };
            let Some(TypeDef {
                kind: TypeDefKind::Alias { target },
                ..
            }) = self.types.get(key)
            else {
                break;
            };
            let mut next = (**target).clone();
            next.nullable |= current.nullable;
            next.constraints = merge_constraints(&target.constraints, &current.constraints);
            next.span = current.span;
            current = next;
        }
        std::borrow::Cow::Owned(current)
    }
}

/// `outer` constraints override `inner` ones keyword by keyword.
fn merge_constraints(inner: &Constraints, outer: &Constraints) -> Constraints {
    Constraints {
        minimum: outer.minimum.clone().or_else(|| inner.minimum.clone()),
        maximum: outer.maximum.clone().or_else(|| inner.maximum.clone()),
        multiple_of: outer
            .multiple_of
            .clone()
            .or_else(|| inner.multiple_of.clone()),
        min_length: outer.min_length.or(inner.min_length),
        max_length: outer.max_length.or(inner.max_length),
        pattern: outer.pattern.clone().or_else(|| inner.pattern.clone()),
        format: outer.format.or(inner.format),
        min_items: outer.min_items.or(inner.min_items),
        max_items: outer.max_items.or(inner.max_items),
        unique_items: outer.unique_items || inner.unique_items,
        key_pattern: outer
            .key_pattern
            .clone()
            .or_else(|| inner.key_pattern.clone()),
        min_properties: outer.min_properties.or(inner.min_properties),
        max_properties: outer.max_properties.or(inner.max_properties),
    }
}
