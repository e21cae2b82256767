//! Every rule `toolc diff` applies, with its category, for the README's
//! table and the tests that make sure each one has a case folder.

use super::Category::{self, Breaking, Compatible, Safety};

/// `(id, category, what it finds)`.
pub const RULES: &[(&str, Category, &str)] = &[
    ("tool_removed", Breaking, "a tool is gone"),
    (
        "tool_renamed",
        Breaking,
        "a tool is gone and one with the same parameters appeared",
    ),
    ("tool_added", Compatible, "a new tool"),
    (
        "wire_name_changed",
        Breaking,
        "`@name(target, ...)` changed",
    ),
    ("tool_closed", Breaking, "`@open` removed from a tool"),
    ("tool_opened", Compatible, "`@open` added to a tool"),
    (
        "tool_deprecated",
        Compatible,
        "`@deprecated` added to a tool",
    ),
    ("tier_changed", Compatible, "`@core` / `@extended` changed"),
    (
        "tool_doc_changed",
        Compatible,
        "a tool's doc comment or `@title` changed",
    ),
    ("param_removed", Breaking, "a parameter is gone"),
    (
        "param_renamed",
        Breaking,
        "a parameter at the same place with the same shape has a new name",
    ),
    ("param_added_required", Breaking, "a new required parameter"),
    (
        "param_added_optional",
        Compatible,
        "a new optional parameter",
    ),
    (
        "param_became_required",
        Breaking,
        "an optional parameter is now required",
    ),
    (
        "param_became_optional",
        Compatible,
        "a required parameter is now optional",
    ),
    ("param_default_changed", Breaking, "a default changed"),
    (
        "param_default_added",
        Compatible,
        "an optional parameter got a default",
    ),
    (
        "param_default_removed",
        Breaking,
        "an optional parameter lost its default",
    ),
    (
        "param_doc_changed",
        Compatible,
        "a parameter's doc comment or `@title` changed",
    ),
    (
        "param_deprecated",
        Compatible,
        "`@deprecated` added to a parameter",
    ),
    (
        "type_changed",
        Breaking,
        "a type changed to an unrelated one (`string` to `int`)",
    ),
    (
        "type_narrowed",
        Breaking,
        "a type admits fewer values (`number` to `int`, a union member removed)",
    ),
    (
        "type_widened",
        Compatible,
        "a type admits more values (`int` to `number`, anything to `json`)",
    ),
    ("nullable_removed", Breaking, "`| null` removed"),
    ("nullable_added", Compatible, "`| null` added"),
    (
        "range_narrowed",
        Breaking,
        "a bound or `multiple of` added or tightened",
    ),
    (
        "range_widened",
        Compatible,
        "a bound or `multiple of` removed or loosened",
    ),
    (
        "length_narrowed",
        Breaking,
        "a length, item count or entry count limit added or tightened",
    ),
    (
        "length_widened",
        Compatible,
        "a length, item count or entry count limit removed or loosened",
    ),
    (
        "pattern_changed",
        Breaking,
        "a pattern added or changed (regex inclusion is not checked)",
    ),
    ("pattern_removed", Compatible, "a pattern removed"),
    (
        "constraint_narrowed",
        Breaking,
        "a `format` added or changed, `unique` added",
    ),
    (
        "constraint_widened",
        Compatible,
        "a `format` or `unique` removed",
    ),
    (
        "enum_member_removed",
        Breaking,
        "an enum variant or literal removed",
    ),
    (
        "enum_member_added",
        Compatible,
        "an enum variant or literal added",
    ),
    ("struct_closed", Breaking, "`@open` removed from a struct"),
    ("struct_opened", Compatible, "`@open` added to a struct"),
    (
        "variant_removed",
        Breaking,
        "a tagged-union variant removed",
    ),
    ("variant_added", Compatible, "a tagged-union variant added"),
    (
        "discriminator_changed",
        Breaking,
        "a tagged union's tag field renamed",
    ),
    (
        "tuple_length_changed",
        Breaking,
        "a tuple has more or fewer positions",
    ),
    (
        "field_removed",
        Breaking,
        "a struct field of an argument is gone",
    ),
    (
        "field_added_required",
        Breaking,
        "a new required struct field in an argument",
    ),
    (
        "field_added_optional",
        Compatible,
        "a new optional struct field in an argument",
    ),
    (
        "field_became_required",
        Breaking,
        "an argument's struct field is now required",
    ),
    (
        "field_became_optional",
        Compatible,
        "an argument's struct field is now optional",
    ),
    (
        "field_default_changed",
        Breaking,
        "the default of an argument's struct field changed",
    ),
    (
        "field_default_added",
        Compatible,
        "an optional struct field of an argument got a default",
    ),
    (
        "field_default_removed",
        Breaking,
        "an optional struct field of an argument lost its default",
    ),
    (
        "output_removed",
        Breaking,
        "a tool no longer returns structured output",
    ),
    (
        "output_added",
        Compatible,
        "a tool now returns structured output",
    ),
    ("output_field_removed", Breaking, "an output field is gone"),
    ("output_field_added", Compatible, "a new output field"),
    (
        "output_field_became_optional",
        Breaking,
        "an output field may now be missing",
    ),
    (
        "output_field_became_required",
        Compatible,
        "an output field is now always present",
    ),
    (
        "output_type_changed",
        Breaking,
        "an output type changed to an unrelated one",
    ),
    (
        "output_type_widened",
        Breaking,
        "an output type admits more values",
    ),
    (
        "output_type_narrowed",
        Compatible,
        "an output type admits fewer values",
    ),
    (
        "output_nullable_added",
        Breaking,
        "an output value may now be null",
    ),
    (
        "output_enum_member_added",
        Breaking,
        "an output enum has a new variant",
    ),
    (
        "output_enum_member_removed",
        Compatible,
        "an output enum lost a variant",
    ),
    ("output_range_widened", Breaking, "an output bound loosened"),
    (
        "output_range_narrowed",
        Compatible,
        "an output bound tightened",
    ),
    ("became_mutating", Safety, "`@mutates` added"),
    ("no_longer_mutating", Compatible, "`@mutates` removed"),
    ("became_destructive", Safety, "`@destructive` added"),
    (
        "no_longer_destructive",
        Compatible,
        "`@destructive` removed",
    ),
    (
        "risk_raised",
        Safety,
        "a higher `@risk` (explicit or implied by `@mutates`)",
    ),
    ("risk_lowered", Compatible, "a lower `@risk`"),
    ("permission_added", Safety, "a new `@requires` permission"),
    (
        "permission_removed",
        Compatible,
        "a `@requires` permission dropped",
    ),
    ("confirm_removed", Safety, "`@confirm` removed"),
    ("confirm_added", Compatible, "`@confirm` added"),
    ("idempotent_lost", Safety, "`@idempotent` removed"),
    ("idempotent_added", Compatible, "`@idempotent` added"),
    ("became_open_world", Safety, "`@open_world` added"),
    (
        "timeout_shortened",
        Breaking,
        "a shorter `@timeout`, or one where there was none",
    ),
    (
        "timeout_lengthened",
        Compatible,
        "a longer `@timeout`, or none",
    ),
    (
        "rate_limit_tightened",
        Breaking,
        "a tighter `@rate_limit`, or one where there was none",
    ),
    (
        "rate_limit_loosened",
        Compatible,
        "a looser `@rate_limit`, or none",
    ),
    (
        "task_support_narrowed",
        Breaking,
        "`@task_support` that takes away a way of calling: `required` added, or `optional` dropped",
    ),
    (
        "task_support_widened",
        Compatible,
        "`@task_support` that keeps every way of calling: `optional` added, or `required` relaxed",
    ),
];
