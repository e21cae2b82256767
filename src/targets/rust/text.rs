//! Literals in generated Rust: a string's `Debug` form is a valid Rust
//! string literal, and JSON text is serde_json's.

use std::fmt::Write as _;

use crate::schema::Node;

/// A Rust string literal for `s`.
pub fn lit(s: &str) -> String {
    format!("{s:?}")
}

/// Appends the Rust string literal of `s` to `out`.
pub fn write_lit(out: &mut String, s: &str) {
    let _ = write!(out, "{s:?}");
}

/// The compact JSON text of a schema tree as a Rust string literal; the
/// top-level entry `inner.0`, when given, is written as `inner.1` (the MCP
/// JSON is built around a schema the package memo holds).
pub fn node_lit(node: &Node<'_>, inner: Option<(&str, &Node<'_>)>) -> String {
    let mut value = node.to_value();
    if let (Some((name, inner)), Some(map)) = (inner, value.as_object_mut()) {
        if let Some(entry) = map.get_mut(name) {
            *entry = inner.to_value();
        }
    }
    lit(&value.to_string())
}

/// `Some("...")` or `None`.
pub fn opt_lit(s: Option<&str>) -> String {
    match s {
        Some(s) => format!("Some({s:?})"),
        None => "None".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_escape_what_rust_needs() {
        assert_eq!(lit("plain"), "\"plain\"");
        assert_eq!(lit("a\"b\\c\nd"), r#""a\"b\\c\nd""#);
        assert_eq!(lit("\u{7f}\u{200b}é"), r#""\u{7f}\u{200b}é""#);
    }

    #[test]
    fn tree_literals_are_serde_json_text_with_the_inner_schema() {
        let mut inner = crate::schema::Obj::new();
        inner.insert("type", "object");
        inner.insert("k\"ey\u{1}", Node::Num(serde_json::Number::from(-7)));
        let inner = Node::Obj(inner);
        let mut tool = crate::schema::Obj::new();
        tool.insert("name", "a\"b\\c\n\u{7f}\u{301}");
        tool.insert("inputSchema", Node::Null);
        tool.insert("list", vec![Node::Bool(true), Node::Null, Node::from("🦀")]);
        let tool = Node::Obj(tool);
        let plain = serde_json::to_string(&tool.to_value()).unwrap_or_default();
        assert_eq!(node_lit(&tool, None), format!("{plain:?}"));
        let mut whole = tool.to_value();
        whole["inputSchema"] = inner.to_value();
        let whole = serde_json::to_string(&whole).unwrap_or_default();
        assert_eq!(
            node_lit(&tool, Some(("inputSchema", &inner))),
            format!("{whole:?}")
        );
    }

    #[test]
    fn optional_literals() {
        assert_eq!(opt_lit(None), "None");
        assert_eq!(opt_lit(Some("a\"")), "Some(\"a\\\"\")");
    }
}
