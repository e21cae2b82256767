//! Invalid and borderline variants of a valid value, one place at a time.

use serde_json::{Value, json};

use super::*;

impl Generator<'_> {
    /// Invalid (and borderline) variants of `value` under `schema`, each
    /// labelled with the path it touched.
    pub fn mutations(
        &mut self,
        schema: &Value,
        value: &Value,
        path: &str,
        depth: usize,
        out: &mut Vec<Case>,
    ) {
        let schema = self.resolve(schema);
        if depth > self.max_depth || self.produced > LIMIT {
            return;
        }
        self.produced += 1;
        macro_rules! push {
            ($label:expr, $value:expr) => {
                self.produced += 1;
                out.push(Case {
                    label: $label,
                    args: $value,
                    without_null: None,
                })
            };
        }
        // Wrong types for every position.
        for wrong in [
            json!("x"),
            json!(1),
            json!(1.5),
            json!(true),
            json!([]),
            json!({}),
            Value::Null,
        ] {
            if &wrong != value {
                push!(format!("{path}: {wrong}"), wrong);
            }
        }
        if let Some(Value::Array(values)) = schema.get("enum") {
            for v in values {
                push!(format!("{path}: enum {v}"), v.clone());
                if let Some(s) = v.as_str() {
                    push!(format!("{path}: enum upper"), json!(s.to_uppercase()));
                }
                if let Some(f) = v.as_f64() {
                    push!(format!("{path}: enum as float"), json!(f));
                    push!(format!("{path}: enum + 0.5"), json!(f + 0.5));
                }
            }
        }
        for key in ["anyOf", "oneOf"] {
            if let Some(Value::Array(alts)) = schema.get(key) {
                for alt in alts {
                    let v = self.valid(alt, depth + 1);
                    push!(format!("{path}: alternative"), v.clone());
                    let mut inner = Vec::new();
                    self.mutations(alt, &v, path, depth + 1, &mut inner);
                    while inner.len() > 200 {
                        let i = self.rng.below(inner.len());
                        inner.swap_remove(i);
                    }
                    out.extend(inner);
                }
                return;
            }
        }
        let types = Self::types(schema);
        if types.iter().any(|t| t == "integer" || t == "number") {
            let integer = types.iter().any(|t| t == "integer");
            let mut candidates = vec![
                0.0,
                -0.0,
                1.0,
                -1.0,
                1e15,
                9.007_199_254_740_993e15,
                1e20,
                -1e20,
                0.1,
                1.5,
                2.5,
            ];
            for key in ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] {
                if let Some(b) = schema.get(key).and_then(Value::as_f64) {
                    candidates.extend([b, b - 1.0, b + 1.0, b - 0.5, b + 0.5, b - 1e-9, b + 1e-9]);
                }
            }
            if let Some(m) = schema.get("multipleOf").and_then(Value::as_f64) {
                candidates.extend([m, m * 2.0, m * 3.0, m * 1.5, m * 0.5, m * 7.0 + m / 3.0]);
            }
            for c in candidates {
                push!(format!("{path}: {c}"), json!(c));
                if integer && c.fract() == 0.0 && c.abs() < 1e18 {
                    push!(format!("{path}: int {}", c as i64), json!(c as i64));
                }
            }
            push!(format!("{path}: u64 max"), json!(u64::MAX));
            push!(format!("{path}: i64 min"), json!(i64::MIN));
        }
        if types.iter().any(|t| t == "string") {
            let min = schema.get("minLength").and_then(Value::as_u64);
            let max = schema.get("maxLength").and_then(Value::as_u64);
            // Boundaries of huge limits (10 MB strings) cost more than they tell.
            for n in [min, max].into_iter().flatten().filter(|n| *n <= 10_000) {
                for len in [n.saturating_sub(1), n, n + 1] {
                    for ch in ['a', 'é', '😀'] {
                        let s: String = std::iter::repeat_n(ch, len as usize).collect();
                        push!(format!("{path}: {len}×{ch}"), json!(s));
                    }
                }
            }
            push!(format!("{path}: long"), json!("x".repeat(5000)));
            push!(format!("{path}: empty"), json!(""));
            if schema.get("pattern").is_some() {
                for s in STRING_POOL {
                    push!(format!("{path}: pattern {s:?}"), json!(s));
                }
            }
            if let Some(format) = schema.get("format").and_then(Value::as_str) {
                let (good, bad) = format_pool(format);
                for s in good.iter().chain(bad) {
                    push!(format!("{path}: {format} {s:?}"), json!(s));
                }
            }
        }
        if types.iter().any(|t| t == "array") {
            if let Value::Array(items) = value {
                // For a tuple, the first position's schema (the mutations
                // below change the first item).
                let item_schema = schema
                    .get("prefixItems")
                    .and_then(|p| p.get(0))
                    .or_else(|| schema.get("items"))
                    .cloned()
                    .unwrap_or(json!({}));
                if let Some(first) = items.first() {
                    let mut dup = items.clone();
                    dup.push(first.clone());
                    push!(format!("{path}: duplicate item"), Value::Array(dup));
                    let mut inner = Vec::new();
                    self.mutations(
                        &item_schema,
                        first,
                        &format!("{path}/0"),
                        depth + 1,
                        &mut inner,
                    );
                    for case in inner.into_iter().take(40) {
                        let mut changed = items.clone();
                        changed[0] = case.args;
                        let without_null = case.without_null.map(|w| {
                            let mut list = items.clone();
                            list[0] = w;
                            Value::Array(list)
                        });
                        out.push(Case {
                            label: case.label,
                            args: Value::Array(changed),
                            without_null,
                        });
                    }
                }
                let thorough = self.max_depth >= 3;
                for n in [schema.get("minItems"), schema.get("maxItems")]
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_u64)
                    .filter(|_| thorough)
                {
                    for len in [n.saturating_sub(1), n, n + 1] {
                        let list: Vec<Value> = (0..len.min(300))
                            .map(|_| self.valid(&item_schema, depth + 1))
                            .collect();
                        push!(format!("{path}: {len} items"), Value::Array(list));
                    }
                }
                push!(format!("{path}: no items"), json!([]));
            }
        }
        if types.iter().any(|t| t == "object") {
            if let Value::Object(map) = value {
                let mut extra = map.clone();
                extra.insert("unexpected_key".into(), json!(1));
                push!(format!("{path}: unknown key"), Value::Object(extra));
                if let Some(Value::Object(props)) = schema.get("properties") {
                    for (name, prop) in props {
                        let mut missing = map.clone();
                        if missing.remove(name).is_some() {
                            push!(format!("{path}/{name}: removed"), Value::Object(missing));
                        }
                        let current = map
                            .get(name)
                            .cloned()
                            .unwrap_or_else(|| self.valid(prop, depth + 1));
                        let mut inner = Vec::new();
                        self.mutations(
                            prop,
                            &current,
                            &format!("{path}/{name}"),
                            depth + 1,
                            &mut inner,
                        );
                        // Nested objects multiply: keep a sample below the top level.
                        let keep = if depth == 0 { 400 } else { 40 };
                        while inner.len() > keep {
                            let i = self.rng.below(inner.len());
                            inner.swap_remove(i);
                        }
                        for case in inner {
                            let mut changed = map.clone();
                            let is_null = case.args.is_null();
                            changed.insert(name.clone(), case.args);
                            let without_null = if is_null {
                                let mut w = map.clone();
                                w.remove(name);
                                Some(Value::Object(w))
                            } else {
                                case.without_null.map(|inner| {
                                    let mut w = map.clone();
                                    w.insert(name.clone(), inner);
                                    Value::Object(w)
                                })
                            };
                            out.push(Case {
                                label: case.label,
                                args: Value::Object(changed),
                                without_null,
                            });
                        }
                    }
                } else if let Some(values) =
                    schema.get("additionalProperties").filter(|v| v.is_object())
                {
                    for key in ["ABC", "a b", "", "é", "k"] {
                        let mut changed = map.clone();
                        changed.insert(key.into(), self.valid(values, depth + 1));
                        push!(format!("{path}: key {key:?}"), Value::Object(changed));
                    }
                    if let Some((k, v)) = map.iter().next() {
                        let mut inner = Vec::new();
                        self.mutations(values, v, &format!("{path}/{k}"), depth + 1, &mut inner);
                        for case in inner.into_iter().take(30) {
                            let mut changed = map.clone();
                            changed.insert(k.clone(), case.args);
                            push!(case.label, Value::Object(changed));
                        }
                    }
                }
            }
        }
    }
}
