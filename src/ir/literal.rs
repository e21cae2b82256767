//! Where the parts of a written value are: a default or example that does
//! not fit its type is reported at the item that does not, not at the whole
//! value.

use super::Literal;
use crate::source::Span;

impl Literal {
    /// A value written at `span`, without spans of its parts.
    pub fn new(value: serde_json::Value, span: Span) -> Self {
        Literal {
            value,
            span,
            item_spans: Vec::new(),
        }
    }

    /// The span of the part at JSONPath `path` (from `$`), or of the
    /// innermost written part that holds it, or of the whole value.
    pub fn span_at(&self, path: &str) -> Span {
        let holds = |part: &str| {
            path == part
                || path
                    .strip_prefix(part)
                    .is_some_and(|rest| rest.starts_with(['.', '[']))
        };
        self.item_spans
            .iter()
            .filter(|(part, _)| holds(part))
            .max_by_key(|(part, _)| part.len())
            .map_or(self.span, |(_, span)| *span)
    }
}

/// The JSONPath of entry `key` of the object at `path`: `$.name`, or
/// `$["x-key"]` for a key that is not an identifier.
pub fn json_path_child(path: &str, key: &str) -> String {
    let ident = key
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if ident {
        format!("{path}.{key}")
    } else {
        format!("{path}[{}]", serde_json::Value::String(key.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_is_found_at_its_innermost_written_part() {
        let at = |start| Span::new(0, start, start + 1);
        let mut lit = Literal::new(serde_json::json!(null), Span::new(0, 0, 40));
        lit.item_spans = vec![
            ("$[1]".into(), at(5)),
            ("$[1].x".into(), at(7)),
            ("$[10]".into(), at(20)),
        ];
        assert_eq!(lit.span_at("$[1].x"), at(7));
        assert_eq!(lit.span_at("$[1].x[\"k\"]"), at(7));
        assert_eq!(lit.span_at("$[1].xy"), at(5));
        assert_eq!(lit.span_at("$[10]"), at(20));
        assert_eq!(lit.span_at("$[2]"), Span::new(0, 0, 40));
        assert_eq!(lit.span_at("$"), Span::new(0, 0, 40));
    }
}
