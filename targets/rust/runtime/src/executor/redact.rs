//! `@secret` values become `"[redacted]"` wherever a call's arguments are
//! shown (events, log, audit, approval requests). The walk follows the
//! type through objects, arrays, maps, named types and tagged unions, and
//! skips where the value does not have the expected shape.

use serde_json::Value;

use super::shaped;
use crate::validate::{Field, Kind, Ty};

/// What a secret value is shown as.
pub const REDACTED: &str = "[redacted]";

/// `args` with every `@secret` value replaced.
pub(crate) fn redact_args(fields: &'static [Field], defs: &'static [Ty], args: &Value) -> Value {
    redact(fields, defs, args.clone())
}

/// `args`, taken, with every `@secret` value replaced.
pub(crate) fn redact(fields: &'static [Field], defs: &'static [Ty], mut args: Value) -> Value {
    shaped::args(fields, defs, &mut args, &mut Redact);
    args
}

/// `value`, of type `ty`, with every `@secret` value replaced (an
/// output, as a span records it).
#[cfg(feature = "tracing")]
pub(crate) fn redact_value(ty: &Ty, defs: &'static [Ty], mut value: Value) -> Value {
    shaped::value(ty, defs, &mut value, &mut Redact);
    value
}

/// The redaction visit: a secret field's value is replaced, and not
/// walked into.
struct Redact;

impl shaped::Visit for Redact {
    fn field(&mut self, field: &Field, value: &mut Value) -> bool {
        if field.secret {
            *value = Value::from(REDACTED);
        }
        !field.secret
    }
}

/// Whether any `@secret` field is reachable from `fields`: when none is,
/// a tool's arguments are shown as they are, with no walk and no copy.
pub(crate) fn any_secret(fields: &'static [Field], defs: &'static [Ty]) -> bool {
    let mut entered = vec![false; defs.len()];
    fields
        .iter()
        .any(|f| f.secret || reaches(&f.ty, defs, &mut entered))
}

/// Whether a secret field is reachable from `ty`; `entered` marks the
/// definitions already followed, so a recursive type ends the walk.
fn reaches(ty: &Ty, defs: &'static [Ty], entered: &mut [bool]) -> bool {
    match &ty.kind {
        Kind::Array(items, ..) | Kind::Map(items, ..) => reaches(items, defs, entered),
        Kind::Object(fields) | Kind::OpenObject(fields) => fields
            .iter()
            .any(|f| f.secret || reaches(&f.ty, defs, entered)),
        Kind::Tagged(_, variants) => variants.iter().any(|(_, i)| enter(*i, defs, entered)),
        Kind::AnyOf(members) | Kind::Tuple(members) => {
            members.iter().any(|m| reaches(m, defs, entered))
        }
        Kind::Def(index) => enter(*index, defs, entered),
        _ => false,
    }
}

fn enter(index: usize, defs: &'static [Ty], entered: &mut [bool]) -> bool {
    match (defs.get(index), entered.get_mut(index)) {
        (Some(def), Some(seen)) if !*seen => {
            *seen = true;
            reaches(def, defs, entered)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::StrRule;
    use serde_json::json;

    const TEXT: Ty = Ty {
        kind: Kind::Str(StrRule {
            min: None,
            max: None,
            pattern: None,
            format: None,
        }),
        nullable: false,
    };
    static LOGIN: [Field; 2] = [
        Field {
            name: "user",
            ty: TEXT,
            required: true,
            default: None,
            secret: false,
        },
        Field {
            name: "password",
            ty: TEXT,
            required: true,
            default: None,
            secret: true,
        },
    ];
    static DEFS: [Ty; 1] = [Ty {
        kind: Kind::Object(&LOGIN),
        nullable: false,
    }];
    static LOGINS: Ty = Ty {
        kind: Kind::Def(0),
        nullable: false,
    };
    static ARGS: [Field; 1] = [Field {
        name: "logins",
        ty: Ty {
            kind: Kind::Map(
                &LOGINS,
                crate::validate::CountRule {
                    min: None,
                    max: None,
                },
                None,
            ),
            nullable: false,
        },
        required: true,
        default: None,
        secret: false,
    }];

    #[test]
    fn secrets_are_found_through_named_types() {
        assert!(any_secret(&ARGS, &DEFS));
        assert!(!any_secret(&LOGIN[..1], &DEFS));
        // A type that refers to itself ends the search.
        static LOOP: [Ty; 1] = [Ty {
            kind: Kind::Array(
                &LOOPED,
                crate::validate::CountRule {
                    min: None,
                    max: None,
                },
                false,
            ),
            nullable: false,
        }];
        static LOOPED: Ty = Ty {
            kind: Kind::Def(0),
            nullable: false,
        };
        static FIELD: [Field; 1] = [Field {
            name: "x",
            ty: Ty {
                kind: Kind::Def(0),
                nullable: false,
            },
            required: true,
            default: None,
            secret: false,
        }];
        assert!(!any_secret(&FIELD, &LOOP));
    }

    #[test]
    fn secrets_are_hidden_at_any_depth() {
        let args = json!({"logins": {"a": {"user": "ana", "password": "pw"}, "b": 3}});
        assert_eq!(
            redact_args(&ARGS, &DEFS, &args),
            json!({"logins": {"a": {"user": "ana", "password": REDACTED}, "b": 3}})
        );
        // A value of the wrong shape is shown as it is.
        assert_eq!(redact_args(&ARGS, &DEFS, &json!([1])), json!([1]));
        assert_eq!(
            redact_args(&LOGIN, &DEFS, &json!({"password": {"x": 1}})),
            json!({"password": REDACTED})
        );
    }
}
