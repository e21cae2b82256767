//! Changes that leave calls valid but make a tool more dangerous to offer to
//! a model: it now changes state or destroys it, carries a higher risk,
//! needs more permissions, is no longer confirmed or safe to retry. The
//! reverse changes are compatible. Timeouts and rate limits that tighten
//! break callers that relied on the old limits, and so does MCP task support
//! that takes away a way of calling the tool (directly, or as a task).

use super::{Category, Change, change};
use crate::ir::{RateLimit, TaskSupport, Tool};

pub(super) fn diff_safety(old: &Tool, new: &Tool, out: &mut Vec<Change>) {
    let name = &old.name;
    let mut push = |rule: &'static str, category: Category, message: String| {
        out.push(
            change(rule, category, old, name, message)
                .spans(Some(old.name_span), Some(new.name_span)),
        );
    };
    let flag = |was: bool, now: bool| (!was && now, was && !now);
    let (gained, lost) = flag(old.mutates, new.mutates);
    if gained {
        push(
            "became_mutating",
            Category::Safety,
            format!("tool `{name}` now changes state (`@mutates`)"),
        );
    }
    if lost {
        push(
            "no_longer_mutating",
            Category::Compatible,
            format!("tool `{name}` no longer changes state"),
        );
    }
    let (gained, lost) = flag(old.destructive, new.destructive);
    if gained {
        push(
            "became_destructive",
            Category::Safety,
            format!("tool `{name}` may now delete or overwrite (`@destructive`)"),
        );
    }
    if lost {
        push(
            "no_longer_destructive",
            Category::Compatible,
            format!("tool `{name}` is no longer destructive"),
        );
    }
    if new.risk > old.risk {
        push(
            "risk_raised",
            Category::Safety,
            format!(
                "the risk of tool `{name}` rose from {} to {}",
                old.risk.as_str(),
                new.risk.as_str()
            ),
        );
    } else if new.risk < old.risk {
        push(
            "risk_lowered",
            Category::Compatible,
            format!(
                "the risk of tool `{name}` fell from {} to {}",
                old.risk.as_str(),
                new.risk.as_str()
            ),
        );
    }
    for permission in new
        .permissions
        .iter()
        .filter(|p| !old.permissions.contains(p))
    {
        push(
            "permission_added",
            Category::Safety,
            format!("tool `{name}` now requires the permission `{permission}`"),
        );
    }
    for permission in old
        .permissions
        .iter()
        .filter(|p| !new.permissions.contains(p))
    {
        push(
            "permission_removed",
            Category::Compatible,
            format!("tool `{name}` no longer requires the permission `{permission}`"),
        );
    }
    let (gained, lost) = flag(old.confirm, new.confirm);
    if lost {
        push(
            "confirm_removed",
            Category::Safety,
            format!(
                "calls of tool `{name}` no longer need a person's approval (`@confirm` removed)"
            ),
        );
    }
    if gained {
        push(
            "confirm_added",
            Category::Compatible,
            format!("calls of tool `{name}` now need a person's approval (`@confirm`)"),
        );
    }
    let (gained, lost) = flag(old.idempotent, new.idempotent);
    if lost {
        push(
            "idempotent_lost",
            Category::Safety,
            format!("tool `{name}` is no longer idempotent: retrying a call may repeat its effect"),
        );
    }
    if gained {
        push(
            "idempotent_added",
            Category::Compatible,
            format!("tool `{name}` is now idempotent"),
        );
    }
    if !old.open_world && new.open_world {
        push(
            "became_open_world",
            Category::Safety,
            format!("tool `{name}` now reaches outside systems (`@open_world`)"),
        );
    }
    limits(old, new, &mut push);
}

/// A shorter timeout or a tighter rate limit fails calls the old limits let
/// through; no limit counts as an unlimited one.
fn limits(old: &Tool, new: &Tool, push: &mut impl FnMut(&'static str, Category, String)) {
    let name = &old.name;
    let ms = |t: Option<u64>| t.map_or_else(|| "none".to_string(), |t| format!("{t}ms"));
    if old.timeout_ms != new.timeout_ms {
        let shorter = match (old.timeout_ms, new.timeout_ms) {
            (None, Some(_)) => true,
            (Some(a), Some(b)) => b < a,
            _ => false,
        };
        let (rule, category) = if shorter {
            ("timeout_shortened", Category::Breaking)
        } else {
            ("timeout_lengthened", Category::Compatible)
        };
        push(
            rule,
            category,
            format!(
                "the timeout of tool `{name}` changed from {} to {}",
                ms(old.timeout_ms),
                ms(new.timeout_ms)
            ),
        );
    }
    if old.rate_limit != new.rate_limit {
        let tighter = match (old.rate_limit, new.rate_limit) {
            (None, Some(_)) => true,
            (Some(a), Some(b)) => rate(b) < rate(a),
            _ => false,
        };
        let (rule, category) = if tighter {
            ("rate_limit_tightened", Category::Breaking)
        } else {
            ("rate_limit_loosened", Category::Compatible)
        };
        let show = |r: Option<RateLimit>| {
            r.map_or_else(
                || "none".to_string(),
                |r| format!("{} per {}ms", r.count, r.per_ms),
            )
        };
        push(
            rule,
            category,
            format!(
                "the rate limit of tool `{name}` changed from {} to {}",
                show(old.rate_limit),
                show(new.rate_limit)
            ),
        );
    }
    if old.task_support != new.task_support {
        // A caller that used a way the new mode no longer allows breaks.
        let ways = |t: Option<TaskSupport>| match t {
            None => (true, false),
            Some(TaskSupport::Optional) => (true, true),
            Some(TaskSupport::Required) => (false, true),
        };
        let ((direct, task), (direct_now, task_now)) =
            (ways(old.task_support), ways(new.task_support));
        let (rule, category) = if (direct && !direct_now) || (task && !task_now) {
            ("task_support_narrowed", Category::Breaking)
        } else {
            ("task_support_widened", Category::Compatible)
        };
        let show = |t: Option<TaskSupport>| t.map_or("forbidden", TaskSupport::as_str);
        push(
            rule,
            category,
            format!(
                "the MCP task support of tool `{name}` changed from {} to {}",
                show(old.task_support),
                show(new.task_support)
            ),
        );
    }
}

/// Calls per millisecond as a fraction, compared without rounding:
/// (count, per_ms) scaled to a common window.
fn rate(r: RateLimit) -> Rate {
    Rate(r.count, r.per_ms)
}

#[derive(Clone, Copy)]
struct Rate(u64, u64);

impl PartialEq for Rate {
    fn eq(&self, other: &Self) -> bool {
        u128::from(self.0) * u128::from(other.1) == u128::from(other.0) * u128::from(self.1)
    }
}

impl PartialOrd for Rate {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        let a = u128::from(self.0) * u128::from(other.1);
        let b = u128::from(other.0) * u128::from(self.1);
        Some(a.cmp(&b))
    }
}

#[cfg(test)]
mod tests {
    use super::{RateLimit, rate};

    fn limit(count: u64, per_ms: u64) -> RateLimit {
        RateLimit { count, per_ms }
    }

    #[test]
    fn rates_compare_across_windows_without_rounding() {
        // 60 a minute is 1 a second.
        assert!(rate(limit(60, 60_000)) == rate(limit(1, 1_000)));
        assert!(rate(limit(2, 1_000)) > rate(limit(100, 60_000)));
        assert!(rate(limit(1, 3_000)) < rate(limit(1, 2_000)));
        assert!(rate(limit(u64::MAX, 1)) > rate(limit(u64::MAX - 1, 1)));
    }
}
