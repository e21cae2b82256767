//! Unit tests of the AST: spans, comments and docs as the formatter needs them.

use super::ast::*;
use super::parse;

fn slice(text: &str, span: crate::source::Span) -> &str {
    &text[span.start..span.end]
}

#[test]
fn collects_ordinary_comments_only() {
    let text = "//! package doc\n// one\n/// doc\ntool f( // two\n  a: string = \"// no\", //// three\n);\n";
    let (file, diags) = parse(0, text);
    assert!(diags.is_empty(), "{diags:?}");
    let comments: Vec<&str> = file.comments.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(comments, [" one", " two", "// three"]);
    for c in &file.comments {
        assert!(slice(text, c.span).starts_with("//"));
    }
    assert_eq!(file.inner_doc.len(), 1);
    assert_eq!(file.inner_doc[0].text, " package doc");
}

#[test]
fn spans_cover_their_nodes() {
    let text = "/// Doc.\n@mutates tool \"do-it\"(\n  @secret key?: [string len 1..] | null = [\"a\"],\n) -> bool;\n";
    let (file, diags) = parse(3, text);
    assert!(diags.is_empty(), "{diags:?}");
    let item = &file.items[0];
    assert_eq!(item.span.file, 3);
    assert_eq!(slice(text, item.span), text.trim_end());
    assert_eq!(item.doc[0].text, " Doc.");
    assert_eq!(slice(text, item.attrs[0].span), "@mutates");
    let ItemKind::Tool(tool) = &item.kind else {
        panic!("not a tool")
    };
    assert!(tool.name.quoted);
    assert_eq!(tool.name.text, "do-it");
    assert_eq!(slice(text, tool.name.span), "\"do-it\"");
    let p = &tool.params[0];
    assert!(p.optional);
    assert_eq!(slice(text, p.name.span), "key");
    assert_eq!(slice(text, p.ty.span), "[string len 1..] | null");
    assert_eq!(p.ty.terms.len(), 2);
    assert!(matches!(p.ty.terms[1].atom, TypeAtom::Null(_)));
    let TypeAtom::Array(inner) = &p.ty.terms[0].atom else {
        panic!("not an array")
    };
    assert_eq!(slice(text, inner.terms[0].constraints[0].span), "len 1..");
    let default = p.default.as_ref().map(|d| slice(text, d.span));
    assert_eq!(default, Some("[\"a\"]"));
    assert!(tool.body.is_none());
}

#[test]
fn reports_each_broken_item_and_keeps_the_rest() {
    let text = "tool a(x int);\ntool b(y: int);\ntool c(z: );\nstruct S { n: int }\n";
    let (file, diags) = parse(0, text);
    assert_eq!(diags.len(), 2, "{diags:?}");
    assert!(diags.iter().all(|d| d.code.as_str() == "E0001"));
    // Recovery inside the lists keeps all four items.
    assert_eq!(file.items.len(), 4);
}

#[test]
fn too_deep_is_reported_before_parsing() {
    let text = format!(
        "tool f(a: json = {}{});",
        "[".repeat(5000),
        "]".repeat(5000)
    );
    let (file, diags) = parse(0, &text);
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].code.as_str(), "E0003");
    assert!(file.items.is_empty());
    let ok = format!("tool f(a: json = {}{});", "[".repeat(60), "]".repeat(60));
    assert!(parse(0, &ok).1.is_empty());
}

#[test]
fn crlf_and_separators_in_docs() {
    let text = "/// a\u{2028}b \r\n/// c\r\ntool f();\r\n";
    let (file, diags) = parse(0, text);
    assert!(diags.is_empty(), "{diags:?}");
    let docs: Vec<&str> = file.items[0].doc.iter().map(|d| d.text.as_str()).collect();
    assert_eq!(docs, [" a\u{2028}b ", " c"]);
}

/// Raw strings with any number of hashes reach the program as written.
#[test]
fn raw_strings_keep_their_text_whatever_their_hashes() {
    let patterns = [
        ("r\"^\\d+$\"", "^\\d+$"),
        ("r#\"say \"hi\"\"#", "say \"hi\""),
        ("r###\"a \"## b é\"###", "a \"## b é"),
        ("r#####\"\"####\"#####", "\"####"),
    ];
    let params: Vec<String> = patterns
        .iter()
        .enumerate()
        .map(|(i, (literal, _))| {
            format!("    /// Pattern {i}.\n    p{i}: string matches {literal},\n")
        })
        .collect();
    let text = format!(
        "/// Check them.\ntool check_patterns(\n{}) -> bool;\n",
        params.concat()
    );
    let (_, diags) = parse(0, &text);
    assert!(diags.is_empty(), "{diags:?}");
    let program = crate::ir::lower_text("demo", &text);
    let tool = &program.packages["demo"].tools["check_patterns"];
    for (i, (literal, value)) in patterns.iter().enumerate() {
        let pattern = tool.params[&format!("p{i}")]
            .ty
            .constraints
            .pattern
            .as_ref();
        assert_eq!(
            pattern.map(|p| p.source.as_str()),
            Some(*value),
            "{literal}"
        );
    }
}

/// A raw string that is not closed on its line is an error.
#[test]
fn an_unclosed_raw_string_is_an_error() {
    for literal in ["r#\"a\"", "r##\"a\"#", "r#\"a", "r\"a"] {
        let text = format!("tool f(\n    a: string matches {literal},\n) -> bool;\n");
        let (_, diags) = parse(0, &text);
        let codes: Vec<&str> = diags.iter().map(|d| d.code.as_str()).collect();
        assert_eq!(codes, ["E0001"], "{literal}: {diags:?}");
    }
}

/// The diagnostics of `text` as (code, offset, message) triples.
fn diagnosed(text: &str) -> Vec<(String, usize, String)> {
    let (_, diags) = parse(0, text);
    diags
        .iter()
        .map(|d| {
            let code = d.code.as_str().to_string();
            (code, d.primary.span.start, d.message.clone())
        })
        .collect()
}

#[test]
fn comments_and_tabs_do_not_change_what_is_reported() {
    // The same broken field list, plain and with blanks and comments (with
    // brackets and commas in them) between its tokens: the same errors at
    // the same tokens.
    let plain = "struct S {\n    id: string,\n    kind string,\n    n: int,\n    p: ,\n}\n";
    let decorated = "struct S {\t// ( {\n    id:\tstring, // ) ,\n    kind // [\n string,\r\n    n: int,\n\u{FEFF}    p: ,\n}\n";
    let at =
        |text: &str, token: &str, nth: usize| text.match_indices(token).nth(nth).map(|(i, _)| i);
    let plain_diags = diagnosed(plain);
    let decorated_diags = diagnosed(decorated);
    assert_eq!(plain_diags.len(), 2, "{plain_diags:?}");
    assert_eq!(decorated_diags.len(), 2, "{decorated_diags:?}");
    for (p, d) in plain_diags.iter().zip(&decorated_diags) {
        assert_eq!((&p.0, &p.2), (&d.0, &d.2));
    }
    // `kind string`: the `:` is missing before `string` (its second use).
    assert_eq!(Some(plain_diags[0].1), at(plain, "string", 1));
    assert_eq!(Some(decorated_diags[0].1), at(decorated, "string", 1));
}

#[test]
fn a_broken_field_keeps_its_doc_comment_whole() {
    // Recovery skips the broken field from its doc comment on: the commas
    // of the doc are not entry separators.
    let text = "struct S {\n    /// One, two, three.\n    kind string,\n    n: int,\n}\n";
    let diags = diagnosed(text);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(Some(diags[0].1), text.find("string"));
}
