//! Constraint changes on one type: ranges, lengths, patterns, formats,
//! uniqueness. Each is found as a narrowing or a widening; the caller's
//! [`Direction`] makes it breaking or compatible.

use super::Effect;
use super::types::Walk;
use crate::ir::{Bound, Constraints, Pattern};

/// Which end of a range a bound is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum End {
    Lower,
    Upper,
}

impl Walk<'_, '_> {
    /// Compares the constraints of two types of the same kind at `path`.
    pub(super) fn constraints(&mut self, path: &str, old: &Constraints, new: &Constraints) {
        let rules = self.rules();
        self.bound(path, "minimum", End::Lower, &old.minimum, &new.minimum);
        self.bound(path, "maximum", End::Upper, &old.maximum, &new.maximum);
        self.multiple_of(path, old, new);
        let lengths = [
            ("minimum length", End::Lower, old.min_length, new.min_length),
            ("maximum length", End::Upper, old.max_length, new.max_length),
            (
                "minimum item count",
                End::Lower,
                old.min_items,
                new.min_items,
            ),
            (
                "maximum item count",
                End::Upper,
                old.max_items,
                new.max_items,
            ),
            (
                "minimum entry count",
                End::Lower,
                old.min_properties,
                new.min_properties,
            ),
            (
                "maximum entry count",
                End::Upper,
                old.max_properties,
                new.max_properties,
            ),
        ];
        for (what, end, was, now) in lengths {
            if let Some((effect, text)) = count_change(end, was, now) {
                let rule = pick(effect, rules.length_narrowed, rules.length_widened);
                self.push(rule, effect, path, format!("`{path}`: {what} {text}"));
            }
        }
        self.pattern(path, "pattern", &old.pattern, &new.pattern);
        self.pattern(path, "key pattern", &old.key_pattern, &new.key_pattern);
        let format = match (old.format, new.format) {
            (None, Some(f)) => Some((Effect::Narrowed, format!("format {} added", f.name()))),
            (Some(f), None) => Some((Effect::Widened, format!("format {} removed", f.name()))),
            // No format contains another one here that is worth deciding.
            (Some(a), Some(b)) if a != b => Some((
                Effect::Narrowed,
                format!("format changed from {} to {}", a.name(), b.name()),
            )),
            _ => None,
        };
        if let Some((effect, text)) = format {
            let rule = pick(effect, rules.constraint_narrowed, rules.constraint_widened);
            self.push(rule, effect, path, format!("`{path}`: {text}"));
        }
        if old.unique_items != new.unique_items {
            let (effect, text) = if new.unique_items {
                (Effect::Narrowed, "items must now be unique")
            } else {
                (Effect::Widened, "items no longer need to be unique")
            };
            let rule = pick(effect, rules.constraint_narrowed, rules.constraint_widened);
            self.push(rule, effect, path, format!("`{path}`: {text}"));
        }
    }

    fn bound(
        &mut self,
        path: &str,
        what: &str,
        end: End,
        old: &Option<Bound>,
        new: &Option<Bound>,
    ) {
        let effect = match (old, new) {
            (None, None) => return,
            (None, Some(_)) => Effect::Narrowed,
            (Some(_), None) => Effect::Widened,
            (Some(a), Some(b)) => match bound_order(a, b, end) {
                Some(effect) => effect,
                None => return,
            },
        };
        let text = match (old, new) {
            (None, Some(b)) => format!("{what} {} added", bound_text(b)),
            (Some(a), None) => format!("{what} {} removed", bound_text(a)),
            (Some(a), Some(b)) => {
                format!("{what} changed from {} to {}", bound_text(a), bound_text(b))
            }
            (None, None) => return,
        };
        let rules = self.rules();
        let rule = pick(effect, rules.range_narrowed, rules.range_widened);
        self.push(rule, effect, path, format!("`{path}`: {text}"));
    }

    fn multiple_of(&mut self, path: &str, old: &Constraints, new: &Constraints) {
        let effect = match (&old.multiple_of, &new.multiple_of) {
            (a, b) if a == b => return,
            (None, Some(_)) => Effect::Narrowed,
            (Some(_), None) => Effect::Widened,
            // Multiples of 4 are multiples of 2: a new step that divides the
            // old one admits every old value.
            (Some(a), Some(b)) => match (a.as_f64(), b.as_f64()) {
                (Some(a), Some(b)) if b != 0.0 && (a / b).fract() == 0.0 => Effect::Widened,
                _ => Effect::Narrowed,
            },
            (None, None) => return,
        };
        let show = |n: &Option<serde_json::Number>| {
            n.as_ref()
                .map_or_else(|| "none".to_string(), |n| n.to_string())
        };
        let rules = self.rules();
        let rule = pick(effect, rules.range_narrowed, rules.range_widened);
        let text = format!(
            "`{path}`: multiple of changed from {} to {}",
            show(&old.multiple_of),
            show(&new.multiple_of)
        );
        self.push(rule, effect, path, text);
    }

    /// Regex inclusion is not decided: any new or changed pattern narrows,
    /// only a removed one widens.
    fn pattern(&mut self, path: &str, what: &str, old: &Option<Pattern>, new: &Option<Pattern>) {
        let rules = self.rules();
        match (old, new) {
            (Some(a), None) => self.push(
                rules.pattern_removed,
                Effect::Widened,
                path,
                format!("`{path}`: {what} `{}` removed", a.source),
            ),
            (None, Some(b)) => self.push(
                rules.pattern_changed,
                Effect::Narrowed,
                path,
                format!("`{path}`: {what} `{}` added", b.source),
            ),
            (Some(a), Some(b)) if a.source != b.source => self.push(
                rules.pattern_changed,
                Effect::Narrowed,
                path,
                format!(
                    "`{path}`: {what} changed from `{}` to `{}` (treated as narrower: regex inclusion is not checked)",
                    a.source, b.source
                ),
            ),
            _ => {}
        }
    }
}

fn pick(effect: Effect, narrowed: &'static str, widened: &'static str) -> &'static str {
    if effect == Effect::Widened {
        widened
    } else {
        narrowed
    }
}

/// Whether moving a bound from `a` to `b` narrows or widens the range
/// (`None`: the same bound).
fn bound_order(a: &Bound, b: &Bound, end: End) -> Option<Effect> {
    let (x, y) = (a.value.as_f64()?, b.value.as_f64()?);
    let tighter = if x == y {
        match (a.exclusive, b.exclusive) {
            (false, true) => true,
            (true, false) => false,
            _ => return None,
        }
    } else {
        (end == End::Lower) == (y > x)
    };
    Some(if tighter {
        Effect::Narrowed
    } else {
        Effect::Widened
    })
}

fn bound_text(b: &Bound) -> String {
    if b.exclusive {
        format!("{} (exclusive)", b.value)
    } else {
        b.value.to_string()
    }
}

fn count_change(end: End, old: Option<u64>, new: Option<u64>) -> Option<(Effect, String)> {
    let tighter = |a: u64, b: u64| (end == End::Lower) == (b > a);
    match (old, new) {
        (None, Some(b)) => Some((Effect::Narrowed, format!("{b} added"))),
        (Some(a), None) => Some((Effect::Widened, format!("{a} removed"))),
        (Some(a), Some(b)) if a != b => Some((
            if tighter(a, b) {
                Effect::Narrowed
            } else {
                Effect::Widened
            },
            format!("changed from {a} to {b}"),
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{End, bound_order, count_change};
    use crate::diff::Effect;
    use crate::ir::Bound;

    fn bound(value: i64, exclusive: bool) -> Bound {
        Bound {
            value: value.into(),
            exclusive,
        }
    }

    #[test]
    fn bounds_narrow_towards_the_middle_and_when_they_become_exclusive() {
        let narrowed = Some(Effect::Narrowed);
        let widened = Some(Effect::Widened);
        assert_eq!(
            bound_order(&bound(0, false), &bound(1, false), End::Lower),
            narrowed
        );
        assert_eq!(
            bound_order(&bound(1, false), &bound(0, false), End::Lower),
            widened
        );
        assert_eq!(
            bound_order(&bound(10, false), &bound(5, false), End::Upper),
            narrowed
        );
        assert_eq!(
            bound_order(&bound(5, false), &bound(10, false), End::Upper),
            widened
        );
        assert_eq!(
            bound_order(&bound(5, false), &bound(5, true), End::Upper),
            narrowed
        );
        assert_eq!(
            bound_order(&bound(5, true), &bound(5, false), End::Lower),
            widened
        );
        assert_eq!(
            bound_order(&bound(5, true), &bound(5, true), End::Lower),
            None
        );
    }

    #[test]
    fn counts_narrow_when_added_or_tightened() {
        let effect = |end, a, b| count_change(end, a, b).map(|(e, _)| e);
        assert_eq!(effect(End::Upper, None, Some(3)), Some(Effect::Narrowed));
        assert_eq!(effect(End::Upper, Some(3), None), Some(Effect::Widened));
        assert_eq!(effect(End::Lower, Some(1), Some(2)), Some(Effect::Narrowed));
        assert_eq!(effect(End::Lower, Some(2), Some(1)), Some(Effect::Widened));
        assert_eq!(effect(End::Upper, Some(2), Some(2)), None);
    }
}
