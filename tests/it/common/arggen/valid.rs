//! Values meant to satisfy a schema.

use serde_json::{Map, Value, json};

use super::*;

impl Generator<'_> {
    /// A value meant to satisfy `schema` (best effort).
    pub fn valid(&mut self, schema: &Value, depth: usize) -> Value {
        let schema = self.resolve(schema);
        if let Some(c) = schema.get("const") {
            return c.clone();
        }
        if let Some(Value::Array(values)) = schema.get("enum") {
            if !values.is_empty() {
                return self.rng.pick(values).clone();
            }
        }
        for key in ["anyOf", "oneOf"] {
            if let Some(Value::Array(alts)) = schema.get(key) {
                let non_null: Vec<&Value> = alts
                    .iter()
                    .filter(|a| a.get("type") != Some(&json!("null")))
                    .collect();
                if !non_null.is_empty() {
                    let alt = non_null[self.rng.below(non_null.len())];
                    return self.valid(alt, depth + 1);
                }
            }
        }
        let types: Vec<String> = Self::types(schema)
            .into_iter()
            .filter(|t| t != "null")
            .collect();
        let ty = if types.is_empty() {
            if schema.get("properties").is_some() {
                "object".to_string()
            } else {
                return self.any_json(depth);
            }
        } else {
            types[self.rng.below(types.len())].clone()
        };
        match ty.as_str() {
            "string" => Value::String(self.valid_string(schema)),
            "integer" => self.valid_number(schema, true),
            "number" => self.valid_number(schema, false),
            "boolean" => Value::Bool(self.rng.chance(50)),
            // A tuple: one valid value per position.
            "array" if schema.get("prefixItems").is_some_and(Value::is_array) => {
                let prefix = schema["prefixItems"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
                Value::Array(prefix.iter().map(|s| self.valid(s, depth + 1)).collect())
            }
            "array" => {
                let min = schema.get("minItems").and_then(Value::as_u64).unwrap_or(0) as usize;
                let max = schema.get("maxItems").and_then(Value::as_u64).unwrap_or(3) as usize;
                let n = if depth > 3 {
                    min
                } else {
                    min + self.rng.below(max.saturating_sub(min).min(3) + 1)
                };
                let items = schema.get("items").cloned().unwrap_or(json!({}));
                let mut out: Vec<Value> = Vec::new();
                let unique = schema.get("uniqueItems") == Some(&json!(true));
                let mut attempts = 0;
                while out.len() < n && attempts < n * 10 + 10 {
                    attempts += 1;
                    let v = self.valid(&items, depth + 1);
                    if unique && out.contains(&v) {
                        continue;
                    }
                    out.push(v);
                }
                Value::Array(out)
            }
            "object" => self.valid_object(schema, depth),
            _ => Value::Null,
        }
    }

    pub(super) fn any_json(&mut self, depth: usize) -> Value {
        match self.rng.below(if depth > 3 { 4 } else { 6 }) {
            0 => json!("text"),
            1 => json!(42),
            2 => json!(true),
            3 => Value::Null,
            4 => json!([1, "a"]),
            _ => json!({"k": [1.5, null]}),
        }
    }

    pub(super) fn valid_object(&mut self, schema: &Value, depth: usize) -> Value {
        let mut out = Map::new();
        let required: Vec<&str> = schema
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        if let Some(Value::Object(props)) = schema.get("properties") {
            for (name, prop) in props {
                let include =
                    required.contains(&name.as_str()) || (depth < 3 && self.rng.chance(60));
                if include {
                    out.insert(name.clone(), self.valid(prop, depth + 1));
                }
            }
        } else if let Some(values) = schema.get("additionalProperties").filter(|v| v.is_object()) {
            let keys = self.map_keys(schema);
            let min = schema
                .get("minProperties")
                .and_then(Value::as_u64)
                .unwrap_or(0) as usize;
            let n = min.max(if depth < 3 { self.rng.below(3) } else { 0 });
            for key in keys.into_iter().take(n) {
                out.insert(key, self.valid(values, depth + 1));
            }
        }
        Value::Object(out)
    }

    /// Keys that satisfy `propertyNames` where possible.
    pub(super) fn map_keys(&mut self, schema: &Value) -> Vec<String> {
        let pattern = schema
            .pointer("/propertyNames/pattern")
            .and_then(Value::as_str)
            .and_then(|p| self.regex(p));
        let mut keys: Vec<String> = STRING_POOL
            .iter()
            .filter(|s| !s.is_empty())
            .filter(|s| pattern.as_ref().is_none_or(|re| re.is_match(s)))
            .map(|s| s.to_string())
            .collect();
        if keys.is_empty() {
            keys.push("key".into());
        }
        let start = self.rng.below(keys.len());
        keys.rotate_left(start);
        keys
    }

    pub(super) fn valid_string(&mut self, schema: &Value) -> String {
        if let Some(format) = schema.get("format").and_then(Value::as_str) {
            let (good, _) = format_pool(format);
            if !good.is_empty() {
                return self.rng.pick(good).to_string();
            }
        }
        let min = schema.get("minLength").and_then(Value::as_u64).unwrap_or(0) as usize;
        let max = schema
            .get("maxLength")
            .and_then(Value::as_u64)
            .map(|m| m as usize);
        let fits = |s: &str| {
            let n = s.chars().count();
            n >= min && max.is_none_or(|m| n <= m)
        };
        if let Some(p) = schema.get("pattern").and_then(Value::as_str) {
            if let Some(re) = self.regex(p) {
                let mut candidates: Vec<String> =
                    STRING_POOL.iter().map(|s| s.to_string()).collect();
                candidates.extend(self.examples(schema));
                let hits: Vec<String> = candidates
                    .into_iter()
                    .filter(|s| re.is_match(s) && fits(s) && !s.contains('\n'))
                    .collect();
                if !hits.is_empty() {
                    return self.rng.pick(&hits).clone();
                }
            }
        }
        let len = min
            + self
                .rng
                .below(max.map_or(8, |m| m.saturating_sub(min).min(8)) + 1);
        let alphabet: Vec<char> = "abcdefghijklmnopqrstuvwxyzé😀".chars().collect();
        (0..len).map(|_| *self.rng.pick(&alphabet)).collect()
    }

    pub(super) fn examples(&self, schema: &Value) -> Vec<String> {
        let mut out = Vec::new();
        for key in ["examples", "default"] {
            match schema.get(key) {
                Some(Value::Array(items)) => {
                    out.extend(items.iter().filter_map(|v| v.as_str().map(String::from)))
                }
                Some(Value::String(s)) => out.push(s.clone()),
                _ => {}
            }
        }
        out
    }

    pub(super) fn valid_number(&mut self, schema: &Value, integer: bool) -> Value {
        let lo = schema
            .get("minimum")
            .or(schema.get("exclusiveMinimum"))
            .and_then(Value::as_f64);
        let hi = schema
            .get("maximum")
            .or(schema.get("exclusiveMaximum"))
            .and_then(Value::as_f64);
        let step = schema.get("multipleOf").and_then(Value::as_f64);
        let (lo, hi) = match (lo, hi) {
            (Some(l), Some(h)) => (l, h),
            (Some(l), None) => (l, l + 100.0),
            (None, Some(h)) => (h - 100.0, h),
            (None, None) => (-50.0, 50.0),
        };
        let t = (self.rng.below(1001) as f64) / 1000.0;
        let mut x = lo + (hi - lo) * t;
        if let Some(step) = step {
            x = (x / step).round() * step;
            if x < lo {
                x += step;
            }
            if x > hi {
                x -= step;
            }
        }
        if integer || step.is_some_and(|s| s.fract() == 0.0) {
            let i = x.round();
            let i = if i < lo {
                i + 1.0
            } else if i > hi {
                i - 1.0
            } else {
                i
            };
            if step.is_some_and(|s| s >= 1.0) {
                let s = step.unwrap_or(1.0);
                return json!(((i / s).ceil() * s) as i64);
            }
            return json!(i as i64);
        }
        json!(x)
    }
}
