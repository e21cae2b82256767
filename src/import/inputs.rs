//! A tool's parameters from its input schema: the schema and the objects it
//! refers to read as one, and alternatives (`anyOf` of required lists) as
//! optional parameters.

use serde_json::{Map, Value};

use super::schema::{Ctx, Keys, child, normalize_text};
use super::tool::{is_model_name, mentions_tool};
use crate::fmt::tree::Field;

impl Ctx<'_> {
    /// The tool's parameters from its input schema (always an object). A
    /// `$ref` there (Go's invopop/jsonschema writes one) is followed: the
    /// schema and each target it leads to are read as one object, each
    /// keyword reported where it is written.
    pub(super) fn parameters(
        &mut self,
        path: &str,
        doc: &mut Option<String>,
        examples: &mut Vec<Value>,
    ) -> (Vec<Field>, bool) {
        let root = self.root;
        let layers = self.input_layers(root, path);
        let mut required: Vec<(String, String)> = Vec::new();
        let mut properties = Vec::new();
        let mut alternatives = Vec::new();
        // As for any object, only `additionalProperties: false` (in the
        // schema or a layer it refers to) closes the arguments; OpenAI's
        // strict mode requires it.
        let closed = self.strict
            || layers
                .iter()
                .any(|(obj, _)| matches!(obj.get("additionalProperties"), Some(v) if *v != Value::Bool(true)));
        for (obj, lpath) in &layers {
            let mut k = Keys::new(obj);
            self.read_input_keys(&mut k, lpath, doc, examples, &mut required);
            if let Some(props) = k.get("properties") {
                match props.as_object() {
                    Some(props) => properties.push((props, child(lpath, "properties"))),
                    None => self.warn(&child(lpath, "properties"), "not an object, ignored"),
                }
            }
            for key in ["anyOf", "oneOf"] {
                if let Some(branches) = k.get(key).and_then(Value::as_array) {
                    alternatives.push((branches, child(lpath, key)));
                }
            }
            self.report_leftovers(&k, lpath);
        }
        let names: Vec<&str> = required.iter().map(|(r, _)| r.as_str()).collect();
        let mut fields: Vec<Field> = Vec::new();
        for (props, ppath) in properties {
            for (name, s) in props {
                let p = child(&ppath, name);
                if fields.iter().any(|f| f.name.0 == *name) {
                    self.warn(
                        &p,
                        "parameter defined a second time next to a `$ref`, dropped",
                    );
                    continue;
                }
                fields.push(self.field(name, s, names.contains(&name.as_str()), &p));
            }
        }
        self.alternative_parameters(&alternatives, &mut fields);
        for (r, rpath) in &required {
            if !fields.iter().any(|f| f.name.0 == *r) {
                self.warn(
                    rpath,
                    &format!("required property `{r}` is not defined, dropped"),
                );
            }
        }
        (fields, !closed && !layers.is_empty())
    }

    /// The input schema and the targets of its `$ref` chain, with their
    /// pointers.
    fn input_layers<'s>(
        &mut self,
        root: &'s Value,
        path: &str,
    ) -> Vec<(&'s Map<String, Value>, String)> {
        let mut layers = Vec::new();
        let mut current = (root, path.to_string());
        let mut seen: Vec<&str> = Vec::new();
        loop {
            let Some(obj) = current.0.as_object() else {
                self.warn(
                    &current.1,
                    "input schema is not an object schema; no parameters imported",
                );
                break;
            };
            layers.push((obj, current.1.clone()));
            let Some(r) = obj.get("$ref").and_then(Value::as_str) else {
                break;
            };
            let ref_path = child(&current.1, "$ref");
            if seen.contains(&r) || seen.len() >= 16 {
                self.warn(&ref_path, "circular reference, not followed");
                break;
            }
            seen.push(r);
            match super::objects::resolve_in(root, r) {
                Some(target) => {
                    current = (
                        target,
                        format!("{}{}", self.base_path, r.trim_start_matches('#')),
                    );
                }
                None => {
                    self.warn(&ref_path, &format!("cannot resolve `{r}`, not followed"));
                    break;
                }
            }
        }
        layers
    }

    /// The keywords of one layer of the input schema other than its
    /// properties and alternatives.
    fn read_input_keys(
        &mut self,
        k: &mut Keys,
        path: &str,
        doc: &mut Option<String>,
        examples: &mut Vec<Value>,
        required: &mut Vec<(String, String)>,
    ) {
        let _ = (
            k.get("$schema"),
            k.get("$id"),
            k.get("$defs"),
            k.get("definitions"),
            k.get("$ref"),
        );
        if let Some(t) = k.get("type") {
            if t != "object" {
                self.warn(
                    &child(path, "type"),
                    "input schema type is not object, ignored",
                );
            }
        }
        if let Some(t) = k.read("title", Value::as_str) {
            if !mentions_tool(t, self.tool) && !is_model_name(t, "Arguments") {
                self.warn(
                    &child(path, "title"),
                    "input schema title not carried, dropped",
                );
            }
        }
        if let Some(d) = k.read("description", Value::as_str) {
            if doc.is_none() {
                *doc = Some(normalize_text(d));
            } else if doc.as_deref() != Some(d) {
                self.warn(
                    &child(path, "description"),
                    "input schema description next to the tool's, dropped",
                );
            }
        }
        match k.get("additionalProperties") {
            None | Some(Value::Bool(_)) => {}
            Some(_) => self.warn(
                &child(path, "additionalProperties"),
                "extra parameters beyond the named ones not supported, dropped",
            ),
        }
        let rpath = child(path, "required");
        match k.get("required") {
            None => {}
            Some(Value::Array(list)) => {
                for (i, r) in list.iter().enumerate() {
                    match r.as_str() {
                        Some(r) => required.push((r.to_string(), rpath.clone())),
                        None => self.warn(&child(&rpath, &i.to_string()), "not a string, ignored"),
                    }
                }
            }
            Some(_) => self.warn(&rpath, "not an array, ignored"),
        }
        if let Some(list) = k.get("examples") {
            match list.as_array() {
                Some(list) => examples.extend(list.iter().cloned()),
                None => self.warn(&child(path, "examples"), "not an array, dropped"),
            }
        }
    }

    /// Alternatives at the root (one of these parameter sets): the closest
    /// carry is every parameter, optional.
    fn alternative_parameters(
        &mut self,
        alternatives: &[(&Vec<Value>, String)],
        fields: &mut Vec<Field>,
    ) {
        let root = self.root;
        for (branches, apath) in alternatives {
            self.warn(
                apath,
                "alternative parameter sets not supported; their parameters are imported as optional",
            );
            for (i, b) in branches.iter().enumerate() {
                let bpath = child(apath, &i.to_string());
                let Some(props) = super::objects::deref(root, b)
                    .get("properties")
                    .and_then(Value::as_object)
                else {
                    continue;
                };
                for (name, s) in props {
                    if fields.iter().any(|f: &Field| f.name.0 == *name) {
                        continue;
                    }
                    let p = child(&child(&bpath, "properties"), name);
                    fields.push(self.field(name, s, false, &p));
                }
            }
        }
    }
}
