//! Type changes, found as narrowing or widening of the set of values a type
//! admits and recursing through arrays, tuples, maps, named types, struct
//! fields and union variants, with a path such as
//! `create_issue.labels[].name` (`pan.center[1]` for a tuple's position).

use serde_json::Value;

use super::fields::{FIELD_RULES, OUTPUT_FIELD_RULES};
use super::{Change, Direction, Effect, Pair};
use crate::ir::{Program, Tool, Ty, TyKind, TypeDef, TypeDefKind, TypeKey};
use crate::source::Span;

/// The rule ids of type changes, one set per direction: the same change is
/// `range_narrowed` (breaking) on a parameter and `output_range_narrowed`
/// (compatible) on an output.
pub(super) struct Rules {
    pub type_changed: &'static str,
    pub type_narrowed: &'static str,
    pub type_widened: &'static str,
    pub nullable_removed: &'static str,
    pub nullable_added: &'static str,
    pub range_narrowed: &'static str,
    pub range_widened: &'static str,
    pub length_narrowed: &'static str,
    pub length_widened: &'static str,
    pub pattern_changed: &'static str,
    pub pattern_removed: &'static str,
    pub constraint_narrowed: &'static str,
    pub constraint_widened: &'static str,
    pub enum_member_removed: &'static str,
    pub enum_member_added: &'static str,
    pub struct_closed: &'static str,
    pub struct_opened: &'static str,
    pub variant_removed: &'static str,
    pub variant_added: &'static str,
    pub discriminator_changed: &'static str,
    pub tuple_length_changed: &'static str,
}

pub(super) const INPUT_RULES: Rules = Rules {
    type_changed: "type_changed",
    type_narrowed: "type_narrowed",
    type_widened: "type_widened",
    nullable_removed: "nullable_removed",
    nullable_added: "nullable_added",
    range_narrowed: "range_narrowed",
    range_widened: "range_widened",
    length_narrowed: "length_narrowed",
    length_widened: "length_widened",
    pattern_changed: "pattern_changed",
    pattern_removed: "pattern_removed",
    constraint_narrowed: "constraint_narrowed",
    constraint_widened: "constraint_widened",
    enum_member_removed: "enum_member_removed",
    enum_member_added: "enum_member_added",
    struct_closed: "struct_closed",
    struct_opened: "struct_opened",
    variant_removed: "variant_removed",
    variant_added: "variant_added",
    discriminator_changed: "discriminator_changed",
    tuple_length_changed: "tuple_length_changed",
};

pub(super) const OUTPUT_RULES: Rules = Rules {
    type_changed: "output_type_changed",
    type_narrowed: "output_type_narrowed",
    type_widened: "output_type_widened",
    nullable_removed: "output_nullable_removed",
    nullable_added: "output_nullable_added",
    range_narrowed: "output_range_narrowed",
    range_widened: "output_range_widened",
    length_narrowed: "output_length_narrowed",
    length_widened: "output_length_widened",
    pattern_changed: "output_pattern_changed",
    pattern_removed: "output_pattern_removed",
    constraint_narrowed: "output_constraint_narrowed",
    constraint_widened: "output_constraint_widened",
    enum_member_removed: "output_enum_member_removed",
    enum_member_added: "output_enum_member_added",
    struct_closed: "output_struct_closed",
    struct_opened: "output_struct_opened",
    variant_removed: "output_variant_removed",
    variant_added: "output_variant_added",
    discriminator_changed: "output_discriminator_changed",
    tuple_length_changed: "output_tuple_length_changed",
};

/// One walk over the types of one tool's parameters or output.
pub(super) struct Walk<'a, 'o> {
    pub pair: &'o Pair<'a>,
    /// The old version of the tool (its name is the one reported).
    pub tool: &'a Tool,
    pub dir: Direction,
    pub out: &'o mut Vec<Change>,
    /// Where the items being compared are written, on each side.
    pub spans: (Span, Span),
    /// The named types being compared further up, so that a recursive type
    /// is compared once rather than forever.
    stack: Vec<(TypeKey, TypeKey)>,
}

impl<'a, 'o> Walk<'a, 'o> {
    pub(super) fn new(
        pair: &'o Pair<'a>,
        tool: &'a Tool,
        dir: Direction,
        out: &'o mut Vec<Change>,
    ) -> Self {
        Walk {
            pair,
            tool,
            dir,
            out,
            spans: (tool.name_span, tool.name_span),
            stack: Vec::new(),
        }
    }

    pub(super) fn rules(&self) -> &'static Rules {
        match self.dir {
            Direction::Input => &INPUT_RULES,
            Direction::Output => &OUTPUT_RULES,
        }
    }

    pub(super) fn push(&mut self, rule: &'static str, effect: Effect, path: &str, text: String) {
        let category = self.dir.category(effect);
        self.out.push(
            super::change(rule, category, self.tool, path, text)
                .spans(Some(self.spans.0), Some(self.spans.1)),
        );
    }

    /// Compares two types at `path`.
    pub(super) fn ty(&mut self, path: &str, old: &Ty, new: &Ty) {
        let saved = self.spans;
        self.spans = (old.span, new.span);
        let old = self.pair.old.resolve_alias_cow(old);
        let new = self.pair.new.resolve_alias_cow(new);
        self.resolved(path, &old, &new);
        self.spans = saved;
    }

    fn resolved(&mut self, path: &str, old: &Ty, new: &Ty) {
        let rules = self.rules();
        match (old.nullable, new.nullable) {
            (true, false) => self.push(
                rules.nullable_removed,
                Effect::Narrowed,
                path,
                format!("`{path}` can no longer be null"),
            ),
            (false, true) => self.push(
                rules.nullable_added,
                Effect::Widened,
                path,
                format!("`{path}` can now be null"),
            ),
            _ => {}
        }
        if let (Some(a), Some(b)) = (members(self.pair.old, old), members(self.pair.new, new)) {
            self.members(path, &a, &b);
            return;
        }
        match (&old.kind, &new.kind) {
            (TyKind::Array { items: a }, TyKind::Array { items: b }) => {
                self.constraints(path, &old.constraints, &new.constraints);
                self.ty(&format!("{path}[]"), a, b);
            }
            (TyKind::Map { values: a }, TyKind::Map { values: b }) => {
                self.constraints(path, &old.constraints, &new.constraints);
                self.ty(&format!("{path}{{}}"), a, b);
            }
            // Positions are compared one by one only when they still line
            // up: with another length, no old value is a new one anyway.
            (TyKind::Tuple { items: a }, TyKind::Tuple { items: b }) if a.len() != b.len() => {
                let text = format!(
                    "`{path}` now holds {} items instead of {}",
                    b.len(),
                    a.len()
                );
                self.push(rules.tuple_length_changed, Effect::Incompatible, path, text);
            }
            (TyKind::Tuple { items: a }, TyKind::Tuple { items: b }) => {
                for (i, (x, y)) in a.iter().zip(b).enumerate() {
                    self.ty(&format!("{path}[{i}]"), x, y);
                }
            }
            (TyKind::Named { key: a }, TyKind::Named { key: b }) => self.named(path, a, b),
            (TyKind::Union { .. }, TyKind::Union { .. }) => {
                let (a, b) = (
                    self.union_members(true, old),
                    self.union_members(false, new),
                );
                for gone in a.iter().filter(|m| !b.contains(m)) {
                    let text = format!("`{path}` is no longer a `{gone}`");
                    self.push(rules.type_narrowed, Effect::Narrowed, path, text);
                }
                for added in b.iter().filter(|m| !a.contains(m)) {
                    let text = format!("`{path}` may now be a `{added}`");
                    self.push(rules.type_widened, Effect::Widened, path, text);
                }
            }
            (a, b) if std::mem::discriminant(a) == std::mem::discriminant(b) => {
                self.constraints(path, &old.constraints, &new.constraints);
            }
            _ => self.kind_changed(path, old, new),
        }
    }

    /// Two different kinds: wider when every old value fits the new type
    /// (`int` to `number`, anything to `json`), narrower the other way round,
    /// else simply different.
    fn kind_changed(&mut self, path: &str, old: &Ty, new: &Ty) {
        let rules = self.rules();
        let was = self.pair.old.type_text(old);
        let now = self.pair.new.type_text(new);
        let (rule, effect) = if contains(self.pair, new, old, false) {
            (rules.type_widened, Effect::Widened)
        } else if contains(self.pair, old, new, true) {
            (rules.type_narrowed, Effect::Narrowed)
        } else {
            (rules.type_changed, Effect::Incompatible)
        };
        let text = format!("`{path}` changed type from `{was}` to `{now}`");
        self.push(rule, effect, path, text);
    }

    fn union_members(&self, old_side: bool, ty: &Ty) -> Vec<String> {
        let program = if old_side {
            self.pair.old
        } else {
            self.pair.new
        };
        match &ty.kind {
            TyKind::Union { members } => members.iter().map(|m| program.type_text(m)).collect(),
            _ => vec![program.type_text(ty)],
        }
    }

    /// Enum variants or literal-union members, compared as sets of values.
    fn members(&mut self, path: &str, old: &[Value], new: &[Value]) {
        let rules = self.rules();
        let (removed, added) = match self.dir {
            Direction::Input => ("no longer accepts", "now also accepts"),
            Direction::Output => ("is no longer", "may now be"),
        };
        for gone in old.iter().filter(|v| !new.contains(v)) {
            let text = format!("`{path}` {removed} {gone}");
            self.push(rules.enum_member_removed, Effect::Narrowed, path, text);
        }
        for value in new.iter().filter(|v| !old.contains(v)) {
            let text = format!("`{path}` {added} {value}");
            self.push(rules.enum_member_added, Effect::Widened, path, text);
        }
    }

    fn named(&mut self, path: &str, a: &TypeKey, b: &TypeKey) {
        let pair = (a.clone(), b.clone());
        if self.stack.contains(&pair) {
            return;
        }
        let (Some(old), Some(new)) = (self.pair.old.type_def(a), self.pair.new.type_def(b)) else {
            return;
        };
        self.stack.push(pair);
        self.definitions(path, old, new);
        self.stack.pop();
    }

    fn definitions(&mut self, path: &str, old: &TypeDef, new: &TypeDef) {
        let rules = self.rules();
        match (&old.kind, &new.kind) {
            (TypeDefKind::Struct { fields: a }, TypeDefKind::Struct { fields: b }) => {
                self.open(path, old.open, new.open);
                let field_rules = match self.dir {
                    Direction::Input => &FIELD_RULES,
                    Direction::Output => &OUTPUT_FIELD_RULES,
                };
                self.fields(field_rules, path, a, b, false);
            }
            (
                TypeDefKind::Union {
                    discriminator: da,
                    variants: a,
                },
                TypeDefKind::Union {
                    discriminator: db,
                    variants: b,
                },
            ) => {
                if da != db {
                    let text = format!("`{path}`: the tag field changed from `{da}` to `{db}`");
                    self.push(
                        rules.discriminator_changed,
                        Effect::Incompatible,
                        path,
                        text,
                    );
                }
                for (tag, variant) in a {
                    match b.get(tag) {
                        Some(now) => {
                            let inner = format!("{path}({tag})");
                            self.spans = (variant.span, now.span);
                            self.named(&inner, &variant.ty, &now.ty);
                        }
                        None => {
                            let text = format!("`{path}` no longer has the variant `{tag}`");
                            self.push(rules.variant_removed, Effect::Narrowed, path, text);
                        }
                    }
                }
                for tag in b.keys().filter(|t| !a.contains_key(*t)) {
                    let text = format!("`{path}` has a new variant `{tag}`");
                    self.push(rules.variant_added, Effect::Widened, path, text);
                }
            }
            _ => {
                let text = format!(
                    "`{path}` changed from {} `{}` to {} `{}`",
                    kind_word(old),
                    old.name,
                    kind_word(new),
                    new.name
                );
                self.push(rules.type_changed, Effect::Incompatible, path, text);
            }
        }
    }

    /// `@open`: an open object also takes keys it does not declare.
    pub(super) fn open(&mut self, path: &str, old: bool, new: bool) {
        let rules = self.rules();
        if old && !new {
            let text = format!("`{path}` no longer takes keys it does not declare");
            self.push(rules.struct_closed, Effect::Narrowed, path, text);
        } else if !old && new {
            let text = format!("`{path}` now takes keys it does not declare");
            self.push(rules.struct_opened, Effect::Widened, path, text);
        }
    }
}

fn kind_word(def: &TypeDef) -> &'static str {
    match def.kind {
        TypeDefKind::Alias { .. } => "alias",
        TypeDefKind::Enum { .. } => "enum",
        TypeDefKind::Struct { .. } => "struct",
        TypeDefKind::Union { .. } => "union",
    }
}

/// The values of an enum or a literal union, else `None`.
fn members(program: &Program, ty: &Ty) -> Option<Vec<Value>> {
    match &ty.kind {
        TyKind::Literals { values } => Some(values.iter().map(|l| l.value.clone()).collect()),
        TyKind::Named { key } => match &program.type_def(key)?.kind {
            TypeDefKind::Enum { variants } => Some(
                variants
                    .iter()
                    .map(|v| Value::String(v.value.clone()))
                    .collect(),
            ),
            _ => None,
        },
        _ => None,
    }
}

/// Whether every value of `inner` is a value of `outer`, for two types of
/// different kinds (a conservative answer: `false` when unsure).
/// `outer_is_old` says which program each side's named types are in.
fn contains(pair: &Pair<'_>, outer: &Ty, inner: &Ty, outer_is_old: bool) -> bool {
    let (outer_program, inner_program) = if outer_is_old {
        (pair.old, pair.new)
    } else {
        (pair.new, pair.old)
    };
    if (!outer.nullable && inner.nullable) || !outer.constraints.is_empty() {
        return false;
    }
    match (&outer.kind, &inner.kind) {
        (TyKind::Json, _) => true,
        (TyKind::Number, TyKind::Int) => true,
        (TyKind::Union { members }, _) => {
            let text = inner_program.type_text(inner);
            members.iter().any(|m| outer_program.type_text(m) == text)
        }
        // `[T]` holds every `(T, T)`.
        (TyKind::Array { items }, TyKind::Tuple { items: positions }) => {
            let item = outer_program.type_text(items);
            positions
                .iter()
                .all(|p| inner_program.type_text(p) == item && p.constraints.is_empty())
                && items.constraints.is_empty()
        }
        (TyKind::String, _) | (TyKind::Number, _) | (TyKind::Int, _) => {
            match members(inner_program, inner) {
                Some(values) => values.iter().all(|v| match outer.kind {
                    TyKind::String => v.is_string(),
                    TyKind::Int => v.is_i64() || v.is_u64(),
                    _ => v.is_number(),
                }),
                None => false,
            }
        }
        _ => false,
    }
}
