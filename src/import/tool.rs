//! One tool: attributes from annotations and `_meta`, parameters from the
//! input schema, the output type, examples.

use std::collections::HashMap;

use heck::ToUpperCamelCase;
use serde_json::{Map, Value};

use super::envelope::RawTool;
use super::meta::{annotation_attrs, meta_attrs};
use super::names::{is_redundant_title, type_name};
use super::registry::Registry;
use super::schema::{Ctx, Keys, Ty, child, normalize_text};
use super::warnings::Warnings;
use crate::fmt::tree::{
    Attr, AttrArg, BodyEntry, Comments, Field, Item, ItemKind, Name, Str, Tool, TypeExpr, TypeRef,
    Value as TValue,
};

pub fn build(
    raw: &RawTool,
    registry: &mut Registry,
    enum_counts: &HashMap<Vec<String>, usize>,
    warnings: &mut Warnings,
) -> Item {
    let tool_type = {
        let t = raw.name.to_upper_camel_case();
        let t: String = t.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
        if t.is_empty() {
            "Tool".to_string()
        } else {
            type_name(&t)
        }
    };
    let mut doc = raw.description.as_deref().map(normalize_text);
    let mut params = Vec::new();
    let mut open = false;
    // `examples` on the input schema itself: whole argument objects.
    let mut schema_examples: Vec<Value> = Vec::new();
    if let Some((schema, ptr)) = raw.input {
        let mut cx = Ctx {
            tool: &raw.name,
            tool_type: tool_type.clone(),
            root: schema,
            base_path: ptr,
            strict: raw.strict,
            registry: &mut *registry,
            warnings: &mut *warnings,
            enum_counts,
            refs: HashMap::new(),
            inlining: Vec::new(),
            depth: 0,
            headers: Default::default(),
        };
        (params, open) = cx.parameters(ptr, &mut doc, &mut schema_examples);
    }
    let mut output = None;
    if let Some(schema) = raw.output {
        let mut cx = Ctx {
            tool: &raw.name,
            tool_type: tool_type.clone(),
            root: schema,
            base_path: "/outputSchema",
            strict: false,
            registry: &mut *registry,
            warnings: &mut *warnings,
            enum_counts,
            refs: HashMap::new(),
            inlining: Vec::new(),
            depth: 0,
            headers: Default::default(),
        };
        output = Some(cx.output(schema, "/outputSchema"));
    }
    if let Some(note) = raw.meta.and_then(|m| m.get("toolc/deprecated")) {
        // toolc appends the deprecation to the description; @deprecated
        // brings it back, so it is not kept twice.
        let suffix = match note {
            Value::String(n) => format!("Deprecated: {n}"),
            _ => "Deprecated.".to_string(),
        };
        doc = doc.map(|d| {
            d.strip_suffix(&suffix)
                .map(|rest| rest.trim_end_matches('\n').to_string())
                .unwrap_or(d)
        });
        doc = doc.filter(|d| !d.is_empty());
    }
    let mut attrs = annotation_attrs(raw, warnings);
    if open {
        // With the other flags, before `@title` and what takes arguments.
        let at = attrs
            .iter()
            .position(|a| a.args.is_some())
            .unwrap_or(attrs.len());
        attrs.insert(at, Attr::flag("open"));
    }
    let mut body = Vec::new();
    // Examples from every source, with where each came from.
    let mut examples: Vec<(String, Value)> = Vec::new();
    if let Some(meta) = raw.meta {
        meta_attrs(raw, meta, &mut attrs, &mut body, &mut examples, warnings);
    }
    if let Some(mode) = raw.task_support {
        attrs.push(Attr::with("task_support", vec![AttrArg::Raw(mode.into())]));
    }
    let schema_ptr = raw.input.map_or("", |(_, p)| p);
    for (i, ex) in schema_examples.into_iter().enumerate() {
        examples.push((format!("{schema_ptr}/examples/{i}"), ex));
    }
    for (i, ex) in raw.examples.iter().enumerate() {
        examples.push((format!("/input_examples/{i}"), (*ex).clone()));
    }
    // Examples are checked against the parameters (E0202); ones that do not
    // fit are reported and left out.
    for (ptr, ex) in examples {
        if let Some(why) = super::fields::unwritable(&ex) {
            warnings.push(Some(&raw.name), &ptr, &format!("example {why}, dropped"));
            continue;
        }
        let Some(entry) = example(None, &ex, &raw.name, &ptr, warnings) else {
            continue;
        };
        let fits = matches!(&entry, BodyEntry::Example { args, .. } if example_fits(registry, &params, args));
        if fits {
            body.push(entry);
        } else {
            warnings.push(
                Some(&raw.name),
                &ptr,
                "example does not fit the parameters, dropped",
            );
        }
    }
    Item {
        comments: Comments::default(),
        doc,
        attrs,
        kind: ItemKind::Tool(Tool {
            name: Name::new(raw.name.clone()),
            params_open: None,
            params,
            params_tail: Vec::new(),
            output,
            body_open: None,
            body,
            body_tail: Vec::new(),
        }),
    }
}

fn example_fits(registry: &Registry, params: &[Field], args: &[(Name, TValue)]) -> bool {
    let json: Map<String, Value> = args
        .iter()
        .map(|(k, v)| (k.0.clone(), to_json(v)))
        .collect();
    let known = json.keys().all(|k| params.iter().any(|p| p.name.0 == *k));
    known
        && params.iter().all(|p| match json.get(&p.name.0) {
            Some(v) => super::validate::fits(registry, &p.ty, v),
            None => p.optional || p.default.is_some(),
        })
}

/// The JSON an imported value came from.
fn to_json(v: &TValue) -> Value {
    match v {
        TValue::Null => Value::Null,
        TValue::Bool(b) => Value::Bool(*b),
        TValue::Num(n) => serde_json::from_str(n).unwrap_or(Value::Null),
        TValue::Str(s) => Value::String(s.value.clone()),
        TValue::Ident(i) => Value::String(i.clone()),
        TValue::Array(items) => Value::Array(items.iter().map(to_json).collect()),
        TValue::Object(entries) => Value::Object(
            entries
                .iter()
                .map(|(k, v)| (k.0.clone(), to_json(v)))
                .collect(),
        ),
    }
}

fn example(
    title: Option<String>,
    value: &Value,
    tool: &str,
    ptr: &str,
    warnings: &mut Warnings,
) -> Option<BodyEntry> {
    let TValue::Object(args) = TValue::from_json(value) else {
        warnings.push(Some(tool), ptr, "example is not an object, dropped");
        return None;
    };
    Some(BodyEntry::Example {
        comments: Comments::default(),
        title: title.map(Str::plain),
        args,
    })
}

impl Ctx<'_> {
    /// The return type: toolc's own `{"result": T}` wrapper is unwrapped;
    /// an object becomes a struct named after its title, else `<Tool>Output`
    /// (which no other tool's type shares).
    fn output(&mut self, schema: &Value, path: &str) -> TypeRef {
        let hint = format!("{}Output", self.tool_type);
        if let Some(inner) = result_wrapper(schema) {
            let inner_hint = self.output_hint(inner, &hint);
            let (ty, mut meta) =
                self.node(inner, &format!("{path}/properties/result"), &inner_hint);
            if !self.is_object_type(&ty) {
                if meta
                    .title
                    .as_deref()
                    .is_some_and(|t| is_redundant_title(t, "result"))
                {
                    meta.title = None;
                }
                let ty = self.carry_meta(ty, meta, &inner_hint);
                if let Some(t) = schema.get("title").and_then(Value::as_str) {
                    if !mentions_tool(t, self.tool) && !is_model_name(t, "Output") {
                        self.warn(
                            &child(path, "title"),
                            "output schema title not carried, dropped",
                        );
                    }
                }
                return ty.finish();
            }
        }
        if let Some(obj) = schema.as_object() {
            if obj.get("properties").is_some_and(Value::is_object) && !obj.contains_key("anyOf") {
                let mut k = Keys::new(obj);
                let doc = k.description();
                let _ = (
                    k.get("$schema"),
                    k.get("$id"),
                    k.get("$defs"),
                    k.get("definitions"),
                );
                // Like any object, one with a title (a class name) is named
                // after it; else after the tool, and then it is the tool's own.
                let title = k.read("title", Value::as_str).map(type_name);
                let _ = k.get("nullable");
                let prefix = self.tool_type.clone();
                let (slot, _) = match &title {
                    Some(t) => self.registry.reserve(t, &prefix),
                    None => self.registry.reserve_private(&hint, &prefix),
                };
                let name = self.structure_into(slot, &mut k, path, None, doc);
                self.report_leftovers(&k, path);
                let nullable = super::objects::allows_null(obj);
                if nullable {
                    self.warn(
                        &child(path, "type"),
                        "a nullable object output is not an object schema in toolc, which returns it wrapped in `result`",
                    );
                }
                return Ty {
                    nullable,
                    ..Ty::named(&name)
                }
                .finish();
            }
        }
        let hint = self.output_hint(schema, &hint);
        let (ty, meta) = self.node(schema, path, &hint);
        let ty = self.carry_meta(ty, meta, &hint);
        if ty.nullable || !self.is_object_type(&ty) {
            // toolc gives a non-object return type an object schema by
            // wrapping it, so the rebuilt schema has another shape.
            self.warn(
                path,
                "output is not a single object type in toolc, which returns it wrapped in `result`",
            );
        }
        ty.finish()
    }
}

/// `T` when `schema` is exactly `{"type": "object", "properties": {"result":
/// T}, "required": ["result"]}` (toolc's wrapping of non-object returns).
fn result_wrapper(schema: &Value) -> Option<&Value> {
    let obj = schema.as_object()?;
    let props = obj.get("properties")?.as_object()?;
    if props.len() != 1 || obj.get("required")? != &serde_json::json!(["result"]) {
        return None;
    }
    let allowed = [
        "type",
        "properties",
        "required",
        "additionalProperties",
        "$schema",
        "title",
        "$defs",
        "definitions",
    ];
    if obj.keys().any(|k| !allowed.contains(&k.as_str())) {
        return None;
    }
    props.get("result")
}

impl Ctx<'_> {
    /// The name hint for a returned value: `list_tables` returning an array
    /// returns `Table`s (the tool's last word; arrays name items singular).
    fn output_hint(&self, schema: &Value, hint: &str) -> String {
        match schema.get("type").and_then(Value::as_str) {
            Some("array") => self
                .tool
                .rsplit(['_', '-', '.'])
                .next()
                .filter(|w| !w.is_empty())
                .map(type_name)
                .unwrap_or_else(|| hint.to_string()),
            _ => hint.to_string(),
        }
    }

    /// Whether toolc emits `ty` as an object schema (so it would not wrap it).
    fn is_object_type(&self, ty: &Ty) -> bool {
        match &ty.ty.expr {
            TypeExpr::Named(n) => self.registry.is_object(&n.0),
            TypeExpr::Map(_) => true,
            _ => false,
        }
    }
}

/// Whether `title` is the name of a model the Python MCP SDK generated:
/// `<function>Arguments` for the parameters, `<function>Output` for the
/// wrapper of a non-object return. The function's name is not the tool's
/// when the tool was registered with `name=` (mcp-server-git's `git_status`
/// is the function `status`), so the title need not mention the tool.
pub(super) fn is_model_name(title: &str, suffix: &str) -> bool {
    title.strip_suffix(suffix).is_some_and(|function| {
        function
            .chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_')
            && function.chars().all(|c| c.is_alphanumeric() || c == '_')
    })
}

/// Whether a schema title only names the tool (FastMCP's `<tool>Arguments`).
pub(super) fn mentions_tool(title: &str, tool: &str) -> bool {
    let squash = |s: &str| {
        s.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect::<String>()
    };
    squash(title).contains(&squash(tool))
}

#[cfg(test)]
mod tests {
    use super::{is_model_name, mentions_tool};

    #[test]
    fn generated_model_titles() {
        assert!(is_model_name("statusArguments", "Arguments"));
        assert!(is_model_name("_private_fnArguments", "Arguments"));
        assert!(is_model_name("statusOutput", "Output"));
        assert!(!is_model_name("Arguments", "Arguments"));
        assert!(!is_model_name("Search arguments", "Arguments"));
        assert!(!is_model_name("2fastArguments", "Arguments"));
        assert!(!is_model_name("statusArguments", "Output"));
        assert!(mentions_tool("git_statusArguments", "git_status"));
        assert!(!mentions_tool("statusArguments", "git_status"));
    }
}
