//! Tests of the TypeScript literal writer.

use super::*;
use serde_json::json;

/// `value` as a TypeScript expression, pretty-printed with two-space steps,
/// continuation lines indented by `indent`.
pub fn expr(value: &Value, indent: usize) -> String {
    let mut out = String::new();
    Emit::pretty(&mut out).value(value, indent);
    out
}

#[test]
fn proto_keys_go_through_json_parse() {
    let v = json!({"p": {"__proto__": 1}, "a": [1, 2], "b": [{"c": null}], "d": {}, "e": []});
    assert_eq!(
        expr(&v, 0),
        "{\n  \"p\": JSON.parse(\"{\\\"__proto__\\\":1}\"),\n  \"a\": [1, 2],\n  \"b\": [{ \"c\": null }],\n  \"d\": {},\n  \"e\": [],\n}"
    );
}

#[test]
fn trees_print_like_values() {
    let user = json!({"u": [1, {"x": "é\"\n"}], "constructor": [true]});
    let mut inner = Obj::new();
    inner.insert("type", "object");
    inner.insert("user", &user);
    inner.insert("n", Node::Num(serde_json::Number::from(-3)));
    let mut tree = Obj::new();
    tree.insert("name", "a\u{1}b");
    tree.insert("inputSchema", inner);
    tree.insert("list", vec![Node::Bool(false), Node::Null, Node::from("s")]);
    tree.insert("nested", vec![Node::Obj(Obj::new()), Node::Arr(Vec::new())]);
    let mut proto = Obj::new();
    proto.insert("toString", &user);
    tree.insert("p", proto);
    let tree = Node::Obj(tree);
    for compact in [false, true] {
        fn emit(out: &mut String, compact: bool) -> Emit<'_> {
            match compact {
                true => Emit::compact(out),
                false => Emit::pretty(out),
            }
        }
        let (mut by_tree, mut by_value) = (String::new(), String::new());
        emit(&mut by_tree, compact).node(&tree, 1);
        emit(&mut by_value, compact).value(&tree.to_value(), 1);
        assert_eq!(by_tree, by_value);
    }
}

/// The layout as specified, printed recursively: a value on one line
/// when its one-line form (`{ "a": 1 }`, `[{ "b": 2 }]`) is at most
/// [`SHORT`] long, else one entry per line; arrays of scalars always on
/// one line; objects with a prototype key through `JSON.parse`.
fn reference(value: &Value, indent: usize, out: &mut String) {
    if let Some(line) = one_line(value).filter(|l| l.len() <= SHORT) {
        out.push_str(&line);
        return;
    }
    let pad = |n: usize, out: &mut String| out.push_str(&"  ".repeat(n));
    match value {
        Value::Array(items) => {
            out.push_str("[\n");
            for item in items {
                pad(indent + 1, out);
                reference(item, indent + 1, out);
                out.push_str(",\n");
            }
            pad(indent, out);
            out.push(']');
        }
        Value::Object(map) => {
            out.push_str("{\n");
            for (key, item) in map {
                pad(indent + 1, out);
                out.push_str(&format!("{}: ", Value::from(key.as_str())));
                reference(item, indent + 1, out);
                out.push_str(",\n");
            }
            pad(indent, out);
            out.push('}');
        }
        scalar => out.push_str(&scalar.to_string()),
    }
}

/// `value` on one line, as pretty mode writes it there; `None` for an
/// object or array that cannot be (one of its entries is too long).
fn one_line(value: &Value) -> Option<String> {
    let joined =
        |items: Vec<Option<String>>| -> Option<Vec<String>> { items.into_iter().collect() };
    match value {
        Value::Array(items) if items.iter().all(is_scalar) => {
            let items: Vec<String> = items.iter().map(|i| i.to_string()).collect();
            Some(format!("[{}]", items.join(", ")))
        }
        Value::Object(map) if map.keys().any(|k| is_prototype_key(k)) => {
            Some(format!("JSON.parse({})", Value::from(value.to_string())))
        }
        Value::Object(map) if map.is_empty() => Some("{}".into()),
        Value::Array(items) => {
            let parts = joined(items.iter().map(short_line).collect())?;
            Some(format!("[{}]", parts.join(", ")))
        }
        Value::Object(map) => {
            let parts = joined(
                map.iter()
                    .map(|(k, v)| {
                        short_line(v).map(|v| format!("{}: {v}", Value::from(k.as_str())))
                    })
                    .collect(),
            )?;
            Some(format!("{{ {} }}", parts.join(", ")))
        }
        scalar => Some(scalar.to_string()),
    }
}

/// [`one_line`] of an entry, which pretty mode keeps on one line only
/// when it is short (scalars and scalar arrays always are).
fn short_line(value: &Value) -> Option<String> {
    let line = one_line(value)?;
    let always = match value {
        Value::Array(items) => items.iter().all(is_scalar),
        Value::Object(map) => map.is_empty() || map.keys().any(|k| is_prototype_key(k)),
        _ => true,
    };
    (always || line.len() <= SHORT).then_some(line)
}

#[test]
fn pretty_mode_keeps_the_reference_layout() {
    let mut deep = json!({"leaf": [1, "two", null], "more": [{"a": {}}, []]});
    for i in 0..40 {
        deep = json!({format!("k{i}"): deep, "x\"y": [i, {"constructor": i}], "e": {}});
    }
    // Short and long neighbours at every size around the limit.
    let sizes: Vec<Value> = (0..2 * SHORT)
        .map(|n| json!({"s": "x".repeat(n), "a": [{"t": "y".repeat(n / 2)}], "o": {"u": n}}))
        .collect();
    deep["sizes"] = Value::Array(sizes);
    for indent in [0, 3] {
        let mut expected = String::new();
        reference(&deep, indent, &mut expected);
        assert_eq!(expr(&deep, indent), expected);
    }
}

#[test]
fn compact_mode_is_value_display() {
    let v = json!({"a": [1, 2.5, "x\u{1}\"\\\n", -7, 0, u64::MAX, i64::MIN, 1e300], "b": {"c": null, "d": {}}, "e": [], "__proto__": true});
    let mut out = String::new();
    Emit::compact(&mut out).value(&v, 3);
    assert_eq!(out, v.to_string());
}
