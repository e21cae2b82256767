//! Validates a JSON value against a full IR type: kinds, every constraint,
//! enums, structs, tagged unions. Defaults (`E0201`) and examples (`E0202`)
//! use it at compile time; target tests reuse it as a reference validator.
//!
//! Semantics follow JSON Schema 2020-12 as the emitted schemas state them:
//! `int` accepts `1.0` but not `1.5`; lengths count code points; patterns are
//! ECMAScript (run through [`crate::pattern::to_rust`]) and unanchored.

use std::cell::RefCell;
use std::collections::HashMap;

use serde_json::Value;

use super::number;
use crate::ir::{Constraints, Field, Program, Ty, TyKind, TypeDefKind, TypeKey};

/// One way a value fails its type. `path` is a JSONPath into the value
/// (`$`, `$.tags[2]`, `$["x-key"]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueError {
    pub path: String,
    pub message: String,
}

impl std::fmt::Display for ValueError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path, self.message)
    }
}

/// Every way `value` fails `ty`; empty when it is valid.
pub fn validate(program: &Program, ty: &Ty, value: &Value) -> Vec<ValueError> {
    validate_at(program, ty, value, "$")
}

/// For a string value `ty` rejects (`"10"` for an `int`): the help to drop
/// the quotes, when the string's text read as JSON is a value `ty` accepts.
pub fn unquoted_help(program: &Program, ty: &Ty, value: &Value) -> Option<String> {
    let text = value.as_str()?.trim();
    let parsed: Value = serde_json::from_str(text).ok()?;
    (!parsed.is_string() && validate(program, ty, &parsed).is_empty())
        .then(|| format!("write `{text}`: in quotes it is a string"))
}

/// Like [`validate`], with paths starting at `root` instead of `$`.
pub fn validate_at(program: &Program, ty: &Ty, value: &Value, root: &str) -> Vec<ValueError> {
    let mut v = Validator {
        program,
        errors: Vec::new(),
        depth: 0,
    };
    v.ty(ty, value, root);
    v.errors
}

/// The value as messages quote it, shortened.
pub fn show(value: &Value) -> String {
    let s = value.to_string();
    if s.chars().count() > 40 {
        let cut: String = s.chars().take(37).collect();
        format!("{cut}...")
    } else {
        s
    }
}

fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn child(path: &str, key: &str) -> String {
    crate::ir::json_path_child(path, key)
}

const MAX_DEPTH: usize = 256;

/// The definition a union variant names, through aliases
/// (`type Circle2 = Circle;`).
fn struct_of<'p>(program: &'p Program, key: &TypeKey) -> Option<&'p crate::ir::TypeDef> {
    let resolved = program.resolve_alias(&Ty {
        kind: TyKind::Named { key: key.clone() },
        nullable: false,
        constraints: Constraints::default(),
        span: crate::source::Span::default(),
    });
    match resolved.kind {
        TyKind::Named { key } => program.type_def(&key),
        _ => None,
    }
}

struct Validator<'p> {
    program: &'p Program,
    errors: Vec<ValueError>,
    depth: usize,
}

impl Validator<'_> {
    fn err(&mut self, path: &str, message: impl Into<String>) {
        self.errors.push(ValueError {
            path: path.to_string(),
            message: message.into(),
        });
    }

    fn ty(&mut self, ty: &Ty, value: &Value, path: &str) {
        if self.depth >= MAX_DEPTH {
            return;
        }
        self.depth += 1;
        let ty = self.program.resolve_alias_cow(ty);
        if value.is_null() && ty.nullable {
            self.depth -= 1;
            return;
        }
        self.kind(&ty, value, path);
        self.depth -= 1;
    }

    fn mismatch(&mut self, ty: &Ty, value: &Value, path: &str) {
        let expected = self.program.type_text(ty);
        self.err(
            path,
            format!(
                "expected {expected}, found {} `{}`",
                kind_of(value),
                show(value)
            ),
        );
    }

    fn kind(&mut self, ty: &Ty, value: &Value, path: &str) {
        let c = &ty.constraints;
        match (&ty.kind, value) {
            (TyKind::Json, _) => {}
            (TyKind::Bool, Value::Bool(_)) => {}
            (TyKind::String, Value::String(s)) => self.string(c, s, path),
            (TyKind::Int, Value::Number(n)) => {
                if !number::is_integer(n) {
                    self.err(path, format!("expected an integer, found `{n}`"));
                } else if !number::fits_i64(n) {
                    self.err(path, format!("`{n}` does not fit a 64-bit signed integer"));
                } else {
                    self.number(c, n, path);
                }
            }
            (TyKind::Number, Value::Number(n)) => self.number(c, n, path),
            (TyKind::Array { items }, Value::Array(a)) => {
                self.count(c.min_items, c.max_items, a.len(), "items", path);
                if c.unique_items {
                    for (i, x) in a.iter().enumerate() {
                        if let Some(j) = a[..i].iter().position(|y| number::json_eq(x, y)) {
                            self.err(
                                &format!("{path}[{i}]"),
                                format!("items must be unique, but this repeats item {j}"),
                            );
                        }
                    }
                }
                for (i, x) in a.iter().enumerate() {
                    self.ty(items, x, &format!("{path}[{i}]"));
                }
            }
            (TyKind::Tuple { items }, Value::Array(a)) => {
                if a.len() != items.len() {
                    let (n, want) = (a.len(), items.len());
                    let noun = if n == 1 { "item" } else { "items" };
                    let tuple = self.program.type_text(ty);
                    let message = format!("has {n} {noun}, but the tuple `{tuple}` has {want}");
                    self.err(path, message);
                }
                for (i, (t, x)) in items.iter().zip(a).enumerate() {
                    self.ty(t, x, &format!("{path}[{i}]"));
                }
            }
            (TyKind::Map { values }, Value::Object(o)) => {
                self.count(c.min_properties, c.max_properties, o.len(), "entries", path);
                for (k, x) in o {
                    let p = child(path, k);
                    if let Some(pat) = &c.key_pattern {
                        if matches(&pat.source, k) == Some(false) {
                            self.err(
                                &p,
                                format!("key `{k}` does not match the pattern `{}`", pat.source),
                            );
                        }
                    }
                    self.ty(values, x, &p);
                }
            }
            (TyKind::Literals { values }, v) => {
                if !values.iter().any(|l| number::json_eq(&l.value, v)) {
                    let allowed: Vec<String> = values.iter().map(|l| l.value.to_string()).collect();
                    self.err(
                        path,
                        format!("`{}` is not one of {}", show(v), allowed.join(", ")),
                    );
                }
            }
            (TyKind::Union { members }, v) => {
                let fits = members.iter().any(|m| {
                    let mut inner = Validator {
                        program: self.program,
                        errors: Vec::new(),
                        depth: self.depth,
                    };
                    inner.ty(m, v, path);
                    inner.errors.is_empty()
                });
                if !fits {
                    self.mismatch(ty, v, path);
                }
            }
            (TyKind::Named { key }, v) => self.named(ty, key, v, path),
            (_, v) => self.mismatch(ty, v, path),
        }
    }

    fn named(&mut self, ty: &Ty, key: &TypeKey, value: &Value, path: &str) {
        let Some(def) = self.program.type_def(key) else {
            return;
        };
        match (&def.kind, value) {
            (TypeDefKind::Enum { variants }, Value::String(s)) => {
                if !variants.iter().any(|v| &v.value == s) {
                    let allowed: Vec<String> = variants
                        .iter()
                        .map(|v| Value::String(v.value.clone()).to_string())
                        .collect();
                    self.err(
                        path,
                        format!(
                            "`{}` is not a value of enum `{}` (one of {})",
                            show(value),
                            def.name,
                            allowed.join(", ")
                        ),
                    );
                }
            }
            (TypeDefKind::Struct { fields }, Value::Object(o)) => {
                self.fields(fields.values(), o, path, None, def.open);
            }
            (
                TypeDefKind::Union {
                    discriminator,
                    variants,
                },
                Value::Object(o),
            ) => {
                let tags: Vec<String> = variants
                    .keys()
                    .map(|t| Value::String(t.clone()).to_string())
                    .collect();
                let tag_path = child(path, discriminator);
                match o.get(discriminator) {
                    None => self.err(
                        path,
                        format!(
                            "missing the discriminator field `{discriminator}` (one of {})",
                            tags.join(", ")
                        ),
                    ),
                    Some(Value::String(tag)) if variants.contains_key(tag) => {
                        let variant = &variants[tag];
                        let strukt = struct_of(self.program, &variant.ty);
                        if let Some(TypeDefKind::Struct { fields }) = strukt.map(|d| &d.kind) {
                            let open = strukt.is_some_and(|d| d.open);
                            self.fields(fields.values(), o, path, Some(discriminator), open);
                        }
                    }
                    Some(other) => self.err(
                        &tag_path,
                        format!(
                            "`{}` is not a tag of union `{}` (one of {})",
                            show(other),
                            def.name,
                            tags.join(", ")
                        ),
                    ),
                }
            }
            (TypeDefKind::Alias { target }, v) => self.ty(target, v, path),
            (_, v) => self.mismatch(ty, v, path),
        }
    }

    fn fields<'a>(
        &mut self,
        fields: impl IntoIterator<Item = &'a Field> + Clone,
        object: &serde_json::Map<String, Value>,
        path: &str,
        discriminator: Option<&str>,
        open: bool,
    ) {
        for f in fields.clone() {
            match object.get(&f.name) {
                Some(v) => self.ty(&f.ty, v, &child(path, &f.name)),
                None if f.is_required() => {
                    self.err(path, format!("missing required field `{}`", f.name));
                }
                None => {}
            }
        }
        // An `@open struct` takes any other key, with any value.
        for k in object.keys().filter(|_| !open) {
            let known = Some(k.as_str()) == discriminator
                || fields.clone().into_iter().any(|f| &f.name == k);
            if !known {
                self.err(&child(path, k), format!("unknown field `{k}`"));
            }
        }
    }

    fn count(&mut self, min: Option<u64>, max: Option<u64>, n: usize, what: &str, path: &str) {
        let n = n as u64;
        if let Some(m) = min.filter(|&m| n < m) {
            self.err(
                path,
                format!("has {n} {what}, fewer than the minimum of {m}"),
            );
        }
        if let Some(m) = max.filter(|&m| n > m) {
            self.err(
                path,
                format!("has {n} {what}, more than the maximum of {m}"),
            );
        }
    }

    fn string(&mut self, c: &Constraints, s: &str, path: &str) {
        self.count(
            c.min_length,
            c.max_length,
            s.chars().count(),
            "characters",
            path,
        );
        if let Some(pat) = &c.pattern {
            if matches(&pat.source, s) == Some(false) {
                self.err(
                    path,
                    format!(
                        "`{}` does not match the pattern `{}`",
                        show(&Value::String(s.into())),
                        pat.source
                    ),
                );
            }
        }
        if let Some(format) = c.format {
            if !format.is_valid(s) {
                self.err(
                    path,
                    format!(
                        "`{}` is not a valid {}",
                        show(&Value::String(s.into())),
                        format.name()
                    ),
                );
            }
        }
    }

    fn number(&mut self, c: &Constraints, n: &serde_json::Number, path: &str) {
        use std::cmp::Ordering::{Greater, Less};
        if let Some(b) = &c.minimum {
            let o = number::cmp(n, &b.value);
            if o == Less || (b.exclusive && o != Greater) {
                let rel = if b.exclusive {
                    "greater than"
                } else {
                    "at least"
                };
                self.err(
                    path,
                    format!("`{n}` is out of range: must be {rel} {}", b.value),
                );
            }
        }
        if let Some(b) = &c.maximum {
            let o = number::cmp(n, &b.value);
            if o == Greater || (b.exclusive && o != Less) {
                let rel = if b.exclusive { "less than" } else { "at most" };
                self.err(
                    path,
                    format!("`{n}` is out of range: must be {rel} {}", b.value),
                );
            }
        }
        if let Some(m) = &c.multiple_of {
            if number::is_positive(m) && !number::is_multiple(n, m) {
                self.err(path, format!("`{n}` is not a multiple of {m}"));
            }
        }
    }
}

/// Whether `text` matches the pattern `source`; `None` for a pattern toolc
/// rejects (reported as `E0204` elsewhere, so values are not blamed for it).
///
/// Compiled patterns are kept per thread: tool sets repeat the same few
/// patterns across many examples and defaults, and compiling is far dearer
/// than matching.
fn matches(source: &str, text: &str) -> Option<bool> {
    /// Beyond this many distinct patterns the cache starts over, so memory
    /// stays bounded on inputs with endless distinct patterns.
    const MAX_CACHED: usize = 512;
    thread_local! {
        static COMPILED: RefCell<HashMap<String, Option<regex::Regex>>> =
            RefCell::new(HashMap::new());
    }
    COMPILED.with_borrow_mut(|compiled| {
        if let Some(known) = compiled.get(source) {
            return known.as_ref().map(|re| re.is_match(text));
        }
        if compiled.len() >= MAX_CACHED {
            compiled.clear();
        }
        let regex = crate::pattern::compile(source).ok();
        let verdict = regex.as_ref().map(|re| re.is_match(text));
        compiled.insert(source.to_string(), regex);
        verdict
    })
}

#[cfg(test)]
#[path = "value_tests.rs"]
mod tests;
