//! Deterministic generator of tool-call arguments, valid and invalid, from a
//! tool's MCP input schema (JSON Schema 2020-12 as toolc emits it).
//!
//! For every tool it builds a few valid objects, then mutates them one place
//! at a time: boundary numbers, `1.0` against `1.5`, wrong types, missing
//! required and unknown keys, nulls, long and Unicode strings, pattern hits
//! and misses, good and bad formats, item counts, duplicates, map keys. The
//! oracle is not the generator but a JSON Schema validator: the generator
//! only proposes inputs.
//!
//! # The `target/differential/<package>.jsonl` file
//!
//! One file per package of the examples, the Rust cases and the fixture
//! (package names can repeat across sources: readers should only trust the
//! examples' files). One JSON object per line, in a fixed order (the
//! generator is seeded):
//!
//! ```json
//! {"tool": "set_font", "args": {...}, "label": "/weight: 1.5",
//!  "schema_valid": false, "expect": false}
//! ```
//!
//! - `tool`: the tool's wire name (MCP name);
//! - `args`: the argument object sent (any JSON value);
//! - `label`: what the generator did, for humans;
//! - `schema_valid`: the `jsonschema` crate's verdict against the tool's
//!   emitted MCP `inputSchema`, formats asserted;
//! - `expect`: what a toolc dispatcher must decide: `schema_valid`, except
//!   that `null` for an optional, non-nullable field counts as absent (the
//!   one documented leniency), so such a case expects acceptance when the
//!   object without that key is valid.
//!
//!   Integers outside the signed 64-bit range are invalid too (`int` is a
//!   64-bit integer), and `null` as the whole argument value counts as `{}`.
//!
//! Other targets' tests (TypeScript) replay these lines against their own
//! validators and compare with `expect`.

use serde_json::{Map, Value, json};

/// xorshift64*: small, fast, deterministic; good enough to pick cases.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.max(1))
    }

    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// One generated case.
pub struct Case {
    pub label: String,
    pub args: Value,
    /// When set, the case nulls an optional field: this is the same object
    /// with that key removed, for the leniency rule.
    pub without_null: Option<Value>,
}

/// Strings that commonly match the patterns real tool sets use, tried when
/// a schema has a `pattern` (the first one that matches is used as valid).
const STRING_POOL: &[&str] = &[
    "1:2",
    "12:345",
    "0:0",
    "#ffffff",
    "#A1B2C3",
    "#a1b2c3d4",
    "abc",
    "ABC",
    "a-b",
    "a_b",
    "hello world",
    "x",
    "main",
    "feature/login",
    "v1.2.3",
    "1.2.3",
    "2024-01-31",
    "en-US",
    "US",
    "us-east-1",
    "src/main.rs",
    "/tmp/a.txt",
    "a.txt",
    "README.md",
    "user@example.com",
    "https://example.com/a?b=c",
    "Inter",
    "key",
    "Key-Name",
    "X-Api-Key",
    "a1",
    "A1",
    "abc123",
    "0",
    "42",
    "-1",
    "3.14",
    "true",
    "null",
    "",
    " ",
    "é",
    "😀",
    "١:٢",
    "1:2\n",
    "\n1:2",
    "a\u{0}b",
    "ab",
    "abcdefghijklmnopqrstuvwxyz",
    "ZZ",
    "zz",
    "foo.bar",
    "foo-bar",
    "node_1",
    "*.rs",
    "**/*.ts",
    "SELECT 1",
    "ci.yml",
    "build",
    "refs/heads/main",
    "0123456789abcdef0123456789abcdef01234567",
    "deadbeef",
    "Europe/Paris",
    "UTC",
];

/// Per format: values a validator must accept, then values it must reject
/// (the oracle decides; these are only proposals).
fn format_pool(format: &str) -> (&'static [&'static str], &'static [&'static str]) {
    match format {
        "date-time" => (
            &[
                "2024-02-29T12:00:00Z",
                "1999-12-31T23:59:59.123+05:30",
                "2016-12-31T23:59:60Z",
                "2024-01-01t00:00:00z",
                "2024-01-01T00:00:00-00:00",
            ],
            &[
                "2023-02-29T12:00:00Z",
                "2024-01-01 00:00:00Z",
                "2024-01-01T00:00:00",
                "2024-13-01T00:00:00Z",
                "2024-01-01T24:00:00Z",
                "2024-01-01T12:00:60Z",
                "2024-01-01T00:00:00.Z",
                "2024-01-01T00:00:00+2400",
                "20240101T000000Z",
                "",
            ],
        ),
        "date" => (
            &["2024-02-29", "2000-02-29", "1999-12-31", "0001-01-01"],
            &[
                "2023-02-29",
                "1900-02-29",
                "2024-1-01",
                "2024-01-32",
                "24-01-01",
                "2024/01/01",
                "２０２４-01-01",
            ],
        ),
        "time" => (
            &[
                "12:00:00Z",
                "23:59:60Z",
                "00:00:00.5+01:00",
                "08:30:00-05:00",
            ],
            &[
                "12:00:00",
                "24:00:00Z",
                "12:60:00Z",
                "12:00Z",
                "22:59:60Z",
                "12:00:00+25:00",
            ],
        ),
        "duration" => (
            &["P1D", "PT1H", "P1Y2M3DT4H5M6S", "P4W", "PT0S", "P1M"],
            &[
                "P", "PT", "1D", "P1H", "PT1D", "P1W2D", "P1D1Y", "P1.5D", "P1YT", "p1d",
                // RFC 3339 appendix A: a year with days needs the month,
                // hours with seconds need the minutes.
                "P1Y1D", "PT1H1S",
            ],
        ),
        "email" => (
            &[
                "a@example.com",
                "first.last@sub.example.org",
                "x+tag@example.co",
                "\"q\"@example.com",
                "a@[127.0.0.1]",
            ],
            &[
                "plain",
                "@example.com",
                "a@",
                "a@@example.com",
                "a..b@example.com",
                ".a@example.com",
                "a@-example.com",
                "a b@example.com",
                // `email` is ASCII (`idn-email` is the other one), and a
                // local part has 64 octets at most.
                "é@example.com",
                "\"é\"@example.com",
                "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa@example.com",
            ],
        ),
        "hostname" => (
            &[
                "example.com",
                "a",
                "xn--bcher-kva.example",
                "a-b.c-d",
                "localhost",
            ],
            &[
                "-a.com",
                "a-.com",
                "a..com",
                "a.com.",
                "a_b.com",
                "",
                "ab--cd.com",
                "é.com",
            ],
        ),
        "ipv4" => (
            &["127.0.0.1", "0.0.0.0", "255.255.255.255"],
            &[
                "256.0.0.1",
                "1.2.3",
                "01.2.3.4",
                "1.2.3.4.5",
                " 1.2.3.4",
                "a.b.c.d",
            ],
        ),
        "ipv6" => (
            &[
                "::1",
                "::",
                "2001:db8::1",
                "fe80::1:2:3:4",
                "::ffff:1.2.3.4",
            ],
            &[
                "1:2:3:4:5:6:7:8:9",
                ":::1",
                "2001:db8::g",
                "1.2.3.4",
                "[::1]",
                "fe80::1%eth0",
            ],
        ),
        "uri" => (
            &[
                "https://example.com",
                "urn:isbn:0451450523",
                "mailto:a@example.com",
                "http://[::1]:8080/a",
                "file:///tmp/x",
                "https://example.com/a%20b?q=1#f",
            ],
            &[
                "example.com",
                "/relative/path",
                "http://exa mple.com",
                "https://example.com/%zz",
                "1http://x",
                "",
                "://x",
                "a:b#c#d",
                "http://[::1",
                "http://h:port/",
                "http://h:80x/",
                "a:[",
                "http://u@h@h2/",
            ],
        ),
        "uuid" => (
            &[
                "123e4567-e89b-12d3-a456-426614174000",
                "00000000-0000-0000-0000-000000000000",
                "ABCDEF01-2345-6789-ABCD-EF0123456789",
            ],
            &[
                "123e4567e89b12d3a456426614174000",
                "123e4567-e89b-12d3-a456-42661417400",
                "123e4567-e89b-12d3-a456-42661417400g",
                "{123e4567-e89b-12d3-a456-426614174000}",
            ],
        ),
        _ => (&[], &[]),
    }
}

pub struct Generator<'a> {
    /// The tool's whole input schema, for `$ref` lookups.
    root: &'a Value,
    pub rng: Rng,
    /// How deep mutations reach into nested values (the cost grows fast).
    max_depth: usize,
    /// Cases proposed so far in this `cases` call; mutation stops at
    /// `LIMIT` so that deep or recursive schemas cannot blow up.
    produced: usize,
    /// Compiled patterns (compiling is slow in debug builds).
    regexes: std::collections::HashMap<String, Option<regex::Regex>>,
}

const LIMIT: usize = 20_000;

impl<'a> Generator<'a> {
    pub fn new(root: &'a Value, seed: u64) -> Self {
        Generator {
            root,
            rng: Rng::new(seed),
            max_depth: 3,
            produced: 0,
            regexes: Default::default(),
        }
    }

    /// Follows a local `$ref` (`#/$defs/Name`).
    fn resolve<'s>(&self, schema: &'s Value) -> &'s Value
    where
        'a: 's,
    {
        let mut current = schema;
        for _ in 0..16 {
            let Some(r) = current.get("$ref").and_then(Value::as_str) else {
                break;
            };
            let Some(pointer) = r.strip_prefix('#') else {
                break;
            };
            match self.root.pointer(pointer) {
                Some(target) => current = target,
                None => break,
            }
        }
        current
    }

    fn regex(&mut self, pattern: &str) -> Option<regex::Regex> {
        self.regexes
            .entry(pattern.to_string())
            .or_insert_with(|| regex::Regex::new(pattern).ok())
            .clone()
    }

    fn types(schema: &Value) -> Vec<String> {
        match schema.get("type") {
            Some(Value::String(t)) => vec![t.clone()],
            Some(Value::Array(ts)) => ts
                .iter()
                .filter_map(|t| t.as_str().map(String::from))
                .collect(),
            _ => Vec::new(),
        }
    }

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

    fn any_json(&mut self, depth: usize) -> Value {
        match self.rng.below(if depth > 3 { 4 } else { 6 }) {
            0 => json!("text"),
            1 => json!(42),
            2 => json!(true),
            3 => Value::Null,
            4 => json!([1, "a"]),
            _ => json!({"k": [1.5, null]}),
        }
    }

    fn valid_object(&mut self, schema: &Value, depth: usize) -> Value {
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
    fn map_keys(&mut self, schema: &Value) -> Vec<String> {
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

    fn valid_string(&mut self, schema: &Value) -> String {
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

    fn examples(&self, schema: &Value) -> Vec<String> {
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

    fn valid_number(&mut self, schema: &Value, integer: bool) -> Value {
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

    /// Valid samples and their mutations for one tool, about `budget` cases
    /// (every single-place mutation of the first sample is always included).
    pub fn cases(&mut self, budget: usize) -> Vec<Case> {
        let root = self.root;
        self.produced = 0;
        self.max_depth = 3;
        let mut out = Vec::new();
        let base = self.valid(root, 0);
        out.push(Case {
            label: "valid sample".into(),
            args: base.clone(),
            without_null: None,
        });
        self.mutations(root, &base, "", 0, &mut out);
        // Later samples vary the valid parts; their mutations stay shallow.
        self.max_depth = 1;
        let mut round = 0;
        while out.len() < budget && round < budget {
            round += 1;
            let sample = self.valid(root, 0);
            out.push(Case {
                label: "valid sample".into(),
                args: sample.clone(),
                without_null: None,
            });
            let mut inner = Vec::new();
            self.produced = 0;
            self.mutations(root, &sample, "", 0, &mut inner);
            // A random slice of this sample's mutations keeps variety.
            for _ in 0..20 {
                if inner.is_empty() {
                    break;
                }
                let i = self.rng.below(inner.len());
                out.push(inner.swap_remove(i));
            }
        }
        out
    }
}
