//! Fields of an object compared by name: tool parameters, struct fields and
//! output fields share this, each with its own rule ids.

use indexmap::IndexMap;

use super::types::Walk;
use super::{Direction, Effect};
use crate::ir::{Field, Program};

/// The rule ids for one kind of field.
pub(super) struct FieldRules {
    /// `parameter`, `field`, `output field`: for the messages.
    pub noun: &'static str,
    pub removed: &'static str,
    pub renamed: &'static str,
    pub added_required: &'static str,
    pub added_optional: &'static str,
    pub became_required: &'static str,
    pub became_optional: &'static str,
    pub default_changed: &'static str,
    pub default_added: &'static str,
    pub default_removed: &'static str,
}

pub(super) const PARAM_RULES: FieldRules = FieldRules {
    noun: "parameter",
    removed: "param_removed",
    renamed: "param_renamed",
    added_required: "param_added_required",
    added_optional: "param_added_optional",
    became_required: "param_became_required",
    became_optional: "param_became_optional",
    default_changed: "param_default_changed",
    default_added: "param_default_added",
    default_removed: "param_default_removed",
};

pub(super) const FIELD_RULES: FieldRules = FieldRules {
    noun: "field",
    removed: "field_removed",
    renamed: "field_renamed",
    added_required: "field_added_required",
    added_optional: "field_added_optional",
    became_required: "field_became_required",
    became_optional: "field_became_optional",
    default_changed: "field_default_changed",
    default_added: "field_default_added",
    default_removed: "field_default_removed",
};

/// Output fields: defaults mean nothing to a reader, so only the shape rules
/// are used.
pub(super) const OUTPUT_FIELD_RULES: FieldRules = FieldRules {
    noun: "output field",
    removed: "output_field_removed",
    renamed: "output_field_renamed",
    added_required: "output_field_added",
    added_optional: "output_field_added",
    became_required: "output_field_became_required",
    became_optional: "output_field_became_optional",
    default_changed: "",
    default_added: "",
    default_removed: "",
};

/// `path.name`, or `tool->name` right under an output.
pub(super) fn join(path: &str, name: &str) -> String {
    if path.ends_with("->") {
        format!("{path}{name}")
    } else {
        format!("{path}.{name}")
    }
}

/// A field's shape without its name: type, constraints, whether it is
/// required, its default. Equal signatures on both sides mean "the same
/// field", which is what a rename is matched by.
pub(super) fn signature(program: &Program, field: &Field) -> String {
    let ty = program.resolve_alias_cow(&field.ty);
    let constraints = serde_json::to_value(&ty.constraints)
        .map(|mut v| {
            strip_spans(&mut v);
            v.to_string()
        })
        .unwrap_or_default();
    format!(
        "{} {constraints} {} {:?}",
        program.type_text(&ty),
        field.is_required(),
        field.default.as_ref().map(|d| &d.value)
    )
}

fn strip_spans(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            map.shift_remove("span");
            map.values_mut().for_each(strip_spans);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(strip_spans),
        _ => {}
    }
}

impl Walk<'_, '_> {
    /// Compares two objects' fields at `path`. With `renames`, a removed
    /// field and an added one at the same position with the same signature
    /// are reported as one rename.
    pub(super) fn fields(
        &mut self,
        rules: &FieldRules,
        path: &str,
        old: &IndexMap<String, Field>,
        new: &IndexMap<String, Field>,
        renames: bool,
    ) {
        let mut renamed_to: Vec<&str> = Vec::new();
        for (index, (name, field)) in old.iter().enumerate() {
            let at = join(path, name);
            let Some(now) = new.get(name) else {
                self.spans = (field.name_span, field.name_span);
                let rename = new.get_index(index).filter(|(n, f)| {
                    renames
                        && !old.contains_key(*n)
                        && signature(self.pair.new, f) == signature(self.pair.old, field)
                });
                if let Some((to, f)) = rename {
                    self.spans.1 = f.name_span;
                    renamed_to.push(to);
                    let text = format!("{} `{at}` was renamed to `{to}`", rules.noun);
                    self.push(rules.renamed, Effect::Incompatible, &at, text);
                } else {
                    let text = format!("{} `{at}` was removed", rules.noun);
                    self.push(rules.removed, Effect::Incompatible, &at, text);
                }
                continue;
            };
            self.spans = (field.name_span, now.name_span);
            self.requiredness(rules, &at, field, now);
            self.ty(&at, &field.ty, &now.ty);
        }
        for (name, field) in new {
            if old.contains_key(name) || renamed_to.contains(&name.as_str()) {
                continue;
            }
            let at = join(path, name);
            self.spans = (field.name_span, field.name_span);
            // Old spans point at the object the field joined.
            if let Some((_, first)) = old.first() {
                self.spans.0 = first.name_span;
            }
            if field.is_required() {
                let text = format!("required {} `{at}` was added", rules.noun);
                self.push(rules.added_required, Effect::Narrowed, &at, text);
            } else {
                // A new optional output field is no change for a reader.
                let effect = match self.dir {
                    Direction::Input => Effect::Widened,
                    Direction::Output => Effect::Neutral,
                };
                let text = format!("optional {} `{at}` was added", rules.noun);
                self.push(rules.added_optional, effect, &at, text);
            }
        }
    }

    fn requiredness(&mut self, rules: &FieldRules, at: &str, old: &Field, new: &Field) {
        match (old.is_required(), new.is_required()) {
            (false, true) => {
                let text = format!("{} `{at}` is now required", rules.noun);
                self.push(rules.became_required, Effect::Narrowed, at, text);
                return;
            }
            (true, false) => {
                let text = format!("{} `{at}` is now optional", rules.noun);
                self.push(rules.became_optional, Effect::Widened, at, text);
                return;
            }
            (true, true) => return,
            (false, false) => {}
        }
        if self.dir == Direction::Output {
            return;
        }
        let show = |f: &Field| f.default.as_ref().map(|d| d.value.to_string());
        match (show(old), show(new)) {
            (Some(a), Some(b)) if a != b => {
                let text = format!(
                    "the default of `{at}` changed from {a} to {b}: calls that leave it out behave differently"
                );
                self.push(rules.default_changed, Effect::Incompatible, at, text);
            }
            (None, Some(b)) => {
                let text = format!("`{at}` now defaults to {b}");
                self.push(rules.default_added, Effect::Neutral, at, text);
            }
            (Some(a), None) => {
                let text = format!(
                    "`{at}` no longer defaults to {a}: calls that leave it out behave differently"
                );
                self.push(rules.default_removed, Effect::Incompatible, at, text);
            }
            _ => {}
        }
    }
}
