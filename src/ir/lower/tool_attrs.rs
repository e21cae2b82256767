//! Tool attributes: tier, effects, risk, limits, permissions and names.

use std::collections::HashSet;

use indexmap::IndexMap;

use super::Lowerer;
use super::attrs::TOOL_ATTRS;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{Deprecation, RateLimit, Risk, TaskSupport, Tier, passthrough, suggest};
use crate::source::Span;
use crate::syntax::ast::{AttrArg, Attribute, ValueKind};
use crate::target::Target;

/// Tool metadata gathered from attributes.
#[derive(Default)]
pub struct ToolAttrs {
    pub tier: Tier,
    pub mutates: bool,
    pub risk: Option<Risk>,
    pub idempotent: bool,
    pub open_world: bool,
    pub destructive: bool,
    pub confirm: bool,
    pub open: bool,
    pub timeout_ms: Option<u64>,
    pub rate_limit: Option<RateLimit>,
    pub task_support: Option<TaskSupport>,
    pub permissions: Vec<String>,
    pub title: Option<String>,
    pub deprecated: Option<Deprecation>,
    pub meta: IndexMap<String, serde_json::Value>,
    pub target_names: IndexMap<String, String>,
    pub allow: Vec<String>,
}

impl Lowerer<'_> {
    pub fn tool_attrs(&mut self, attrs: &[Attribute]) -> ToolAttrs {
        let mut t = ToolAttrs::default();
        let mut tier_span: Option<(Span, &str)> = None;
        for a in self.known_attrs(attrs, TOOL_ATTRS, "a tool") {
            let name = a.name.text.as_str();
            let flag = matches!(
                name,
                "core"
                    | "extended"
                    | "mutates"
                    | "idempotent"
                    | "destructive"
                    | "open_world"
                    | "confirm"
                    | "open"
            );
            if flag && self.args(a, 0, 0, "no arguments").is_none() {
                continue;
            }
            match name {
                "core" | "extended" => {
                    if let Some((first, other)) = tier_span {
                        let d = Diagnostic::new(
                            codes::INVALID_ATTRIBUTE,
                            a.span,
                            format!("`@{name}` contradicts `@{other}`: a tool has one tier"),
                        )
                        .with_label("second tier")
                        .with_secondary(first, "tier set here");
                        self.push(d);
                        continue;
                    }
                    tier_span = Some((a.span, name));
                    t.tier = if name == "core" {
                        Tier::Core
                    } else {
                        Tier::Extended
                    };
                }
                "mutates" => t.mutates = true,
                "idempotent" => t.idempotent = true,
                "destructive" => t.destructive = true,
                "open_world" => t.open_world = true,
                "confirm" => t.confirm = true,
                "open" => t.open = true,
                "risk" => t.risk = self.risk(a),
                "timeout" => t.timeout_ms = self.timeout(a),
                "rate_limit" => t.rate_limit = self.rate_limit(a),
                "task_support" => t.task_support = self.task_support(a),
                "requires" => {
                    if let Some(args) =
                        self.args(a, 1, usize::MAX, "one or more permission strings")
                    {
                        let mut have: HashSet<String> = t.permissions.iter().cloned().collect();
                        for arg in args {
                            if let Some(p) = self.arg_text(a, arg) {
                                if have.insert(p.clone()) {
                                    t.permissions.push(p);
                                }
                            }
                        }
                    }
                }
                "title" => {
                    if let Some(args) = self.args(a, 1, 1, "one string") {
                        t.title = self.arg_text(a, &args[0]);
                    }
                }
                "deprecated" => t.deprecated = self.deprecation(a),
                "meta" => {
                    if let Some(args) = self.args(a, 2, 2, "a key and a value") {
                        if let (Some(k), Some(v)) =
                            (self.arg_string(a, &args[0]), self.attr_json(&args[1]))
                        {
                            // A bad key would reach MCP's `_meta` (or replace
                            // toolc's own entries there) unchecked.
                            match passthrough::meta_key_problem(&k) {
                                Some(problem) => self.bad_attr(
                                    args[0].span(),
                                    format!("`@meta` key \"{k}\" cannot be used: {problem}"),
                                    Some(
                                        "use a key such as \"category\" or \"com.example/owner\""
                                            .into(),
                                    ),
                                ),
                                None => {
                                    t.meta.insert(k, v);
                                }
                            }
                        }
                    }
                }
                "name" => self.target_name(a, &mut t.target_names),
                _ => self.allow_list(a, &mut t.allow),
            }
        }
        t
    }

    fn risk(&mut self, a: &Attribute) -> Option<Risk> {
        let args = self.args(a, 1, 1, "one level: low, medium, high or critical")?;
        if let AttrArg::Value(v) = &args[0]
            && let ValueKind::String(t) = &v.kind
        {
            self.bad_attr(
                args[0].span(),
                "a risk level is a name, not a string".into(),
                Some(format!("write `@risk({})`", t.value)),
            );
            return None;
        }
        let level = self.arg_ident(a, &args[0])?;
        let risk = Risk::from_word(&level);
        if risk.is_none() {
            let levels = ["low", "medium", "high", "critical"];
            let help = suggest::did_you_mean(&level, levels)
                .unwrap_or_else(|| "levels are low, medium, high and critical".into());
            self.bad_attr(
                args[0].span(),
                format!("unknown risk level `{level}`"),
                Some(help),
            );
        }
        risk
    }

    /// `@task_support(optional | required)`. `forbidden` is what no
    /// attribute says, so it is refused with that advice.
    fn task_support(&mut self, a: &Attribute) -> Option<TaskSupport> {
        let args = self.args(a, 1, 1, "one mode: optional or required")?;
        if let AttrArg::Value(v) = &args[0]
            && let ValueKind::String(t) = &v.kind
        {
            self.bad_attr(
                args[0].span(),
                "a task support mode is a name, not a string".into(),
                Some(format!("write `@task_support({})`", t.value)),
            );
            return None;
        }
        let mode = self.arg_ident(a, &args[0])?;
        let support = TaskSupport::from_word(&mode);
        if support.is_none() {
            let help = if mode == "forbidden" {
                "`forbidden` is what no `@task_support` means: remove the attribute".into()
            } else {
                suggest::did_you_mean(&mode, ["optional", "required"])
                    .unwrap_or_else(|| "modes are optional and required".into())
            };
            self.bad_attr(
                args[0].span(),
                format!("unknown task support mode `{mode}`"),
                Some(help),
            );
        }
        support
    }

    fn timeout(&mut self, a: &Attribute) -> Option<u64> {
        let args = self.args(a, 1, 1, "one duration such as `5s`")?;
        let AttrArg::Duration { amount, unit, span } = &args[0] else {
            self.bad_attr(
                args[0].span(),
                "`@timeout` expects a duration such as `500ms`, `5s`, `2m` or `1h`".into(),
                None,
            );
            return None;
        };
        let scale: u64 = match unit.as_str() {
            "ms" => 1,
            "s" => 1_000,
            "m" | "min" => 60_000,
            "h" => 3_600_000,
            _ => {
                self.bad_attr(
                    *span,
                    format!("unknown time unit `{unit}`"),
                    Some("units are ms, s, m and h".into()),
                );
                return None;
            }
        };
        let ms = amount
            .parse::<u64>()
            .ok()
            .and_then(|n| n.checked_mul(scale));
        match ms {
            None => self.bad_attr(*span, "timeout too large".into(), None),
            // Every call would time out before it starts.
            Some(0) => {
                self.bad_attr(
                    *span,
                    "a timeout must be longer than zero".into(),
                    Some("leave `@timeout` out for no limit".into()),
                );
                return None;
            }
            Some(_) => {}
        }
        ms
    }

    fn rate_limit(&mut self, a: &Attribute) -> Option<RateLimit> {
        let args = self.args(a, 1, 1, "one rate such as `10/min`")?;
        let AttrArg::Rate { count, unit, span } = &args[0] else {
            self.bad_attr(
                args[0].span(),
                "`@rate_limit` expects a rate such as `10/s`, `60/min`, `1000/h` or `5000/day`"
                    .into(),
                None,
            );
            return None;
        };
        let per_ms = match unit.text.as_str() {
            "s" => 1_000,
            "min" => 60_000,
            "h" => 3_600_000,
            "day" => 86_400_000,
            other => {
                let help = suggest::did_you_mean(other, ["s", "min", "h", "day"])
                    .unwrap_or_else(|| "units are s, min, h and day".into());
                self.bad_attr(
                    unit.span,
                    format!("unknown rate unit `{other}`"),
                    Some(help),
                );
                return None;
            }
        };
        match count.value.as_u64().filter(|n| *n > 0) {
            Some(count) => Some(RateLimit { count, per_ms }),
            None => {
                self.bad_attr(
                    *span,
                    "a rate limit needs a positive whole number of calls".into(),
                    None,
                );
                None
            }
        }
    }

    fn target_name(&mut self, a: &Attribute, into: &mut IndexMap<String, String>) {
        let Some(args) = self.args(a, 2, 2, "a target and a name") else {
            return;
        };
        let (Some(target), Some(name)) =
            (self.arg_ident(a, &args[0]), self.arg_string(a, &args[1]))
        else {
            return;
        };
        if Target::parse(&target).is_none() {
            let names = Target::ALL.map(|t| t.as_str());
            let help = suggest::did_you_mean(&target, names)
                .unwrap_or_else(|| format!("targets are {}", names.join(", ")));
            self.bad_attr(
                args[0].span(),
                format!("unknown target `{target}`"),
                Some(help),
            );
            return;
        }
        into.insert(target, name);
    }
}
