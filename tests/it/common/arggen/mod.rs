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

mod mutate;
mod pools;
mod valid;

use serde_json::Value;

use pools::{STRING_POOL, format_pool};

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
