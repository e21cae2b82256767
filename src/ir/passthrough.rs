//! Rules for the keys that attributes pass through to targets verbatim:
//! `@meta("key", value)` into MCP `_meta`, `@schema("key", value)` into a
//! field's JSON Schema. Shared by the front end (which
//! reports a broken key as E0302) and `toolc import` (which drops such a key
//! instead of writing a `.tool` file that does not check).

/// The `_meta` prefix toolc's own metadata lives under (`toolc/tier`,
/// `toolc/examples`, ...). A `@meta` key there would overwrite it.
pub const TOOLC_META_PREFIX: &str = "toolc/";

/// Why `key` cannot be a `@meta` key, or `None` when it can.
///
/// MCP's `MetaObject` rules: an optional prefix of dot-separated labels
/// ending in `/` (a label starts with a letter, ends with a letter or digit,
/// and has letters, digits and `-` inside), then a name that, unless empty,
/// starts and ends with a letter or digit and has letters, digits, `-`, `_`
/// and `.` inside. Prefixes MCP reserves for itself are rejected, in the
/// wording of both schema versions toolc targets: 2025-11-25 reserves a
/// `modelcontextprotocol` or `mcp` label followed by another label
/// (`mcp.dev/`, `tools.mcp.com/`), 2026-07-28 one in second place
/// (`io.modelcontextprotocol/`, `dev.mcp/`). The empty key is valid for MCP
/// but names nothing, so it is rejected too.
pub fn meta_key_problem(key: &str) -> Option<String> {
    if key.is_empty() {
        return Some("a `_meta` key cannot be empty".into());
    }
    if key.starts_with(TOOLC_META_PREFIX) {
        return Some(format!(
            "`_meta` keys under `{TOOLC_META_PREFIX}` are toolc's own (tier, risk, timeout, \
             permissions, errors, examples)"
        ));
    }
    let (prefix, name) = match key.rsplit_once('/') {
        Some((prefix, name)) => (Some(prefix), name),
        None => (None, key),
    };
    if let Some(prefix) = prefix {
        let labels: Vec<&str> = prefix.split('.').collect();
        if let Some(bad) = labels.iter().find(|l| !is_label(l)) {
            return Some(format!(
                "`{bad}` is not a valid prefix label: a `_meta` key prefix is dot-separated \
                 labels of letters, digits and `-` (starting with a letter, ending with a letter \
                 or digit), then `/`"
            ));
        }
        let reserved = |l: &str| {
            l.eq_ignore_ascii_case("mcp") || l.eq_ignore_ascii_case("modelcontextprotocol")
        };
        let last = labels.len() - 1;
        if labels
            .iter()
            .enumerate()
            .any(|(i, l)| reserved(l) && (i < last || i == 1))
        {
            return Some(format!(
                "the prefix `{prefix}/` is reserved for MCP itself (a `modelcontextprotocol` or \
                 `mcp` label in second place or followed by another label)"
            ));
        }
    }
    if !name.is_empty() && !is_name(name) {
        return Some(format!(
            "`{name}` is not a valid `_meta` key name: it starts and ends with a letter or digit \
             and has only letters, digits, `-`, `_` and `.` inside"
        ));
    }
    None
}

/// JSON Schema keywords `@schema` may carry besides `x-` extensions:
/// annotations toolc never writes itself and that no language construct
/// spells. `format` is among them only for formats toolc does not know
/// (`password`, `binary`); a known one is the `format` constraint.
pub const SCHEMA_KEYWORDS: &[&str] = &[
    "format",
    "contentEncoding",
    "contentMediaType",
    "readOnly",
    "$comment",
];

/// Why `@schema(key, value)` cannot be written, and what to write instead;
/// `None` when it can.
///
/// Extra keys are written last into the field's schema, so a keyword toolc
/// generates (`type`, `default`, `minLength`, `$ref`, ...) would replace what
/// the type, constraints and default say, and the emitted schema would
/// contradict the dispatchers and validators generated from the same
/// definition. Only `x-` extension keys and [`SCHEMA_KEYWORDS`] pass.
pub fn schema_key_problem(key: &str, value: &serde_json::Value) -> Option<(String, String)> {
    if key == MCP_HEADER {
        return mcp_header_problem(value).map(|p| {
            (
                p,
                "write an HTTP header name such as \"Region\" or \"X-Tenant\"".to_string(),
            )
        });
    }
    if key.starts_with("x-") {
        return None;
    }
    // The annotations take one JSON type each (JSON Schema's meta-schema).
    let wanted = match key {
        "readOnly" => Some(("a boolean", value.is_boolean())),
        k if SCHEMA_KEYWORDS.contains(&k) => Some(("a string", value.is_string())),
        _ => None,
    };
    if let Some((kind, false)) = wanted {
        return Some((
            format!("its value must be {kind}"),
            format!("write `@schema(\"{key}\", ...)` with {kind}"),
        ));
    }
    if key == "format" {
        let known = value.as_str().and_then(crate::ir::Format::parse);
        return known.map(|f| {
            (
                format!("`{}` is a format toolc writes itself", f.name()),
                format!(
                    "write the constraint on the type: `string format {}`",
                    f.name()
                ),
            )
        });
    }
    if SCHEMA_KEYWORDS.contains(&key) {
        return None;
    }
    let instead = match key {
        "type"
        | "enum"
        | "const"
        | "items"
        | "prefixItems"
        | "properties"
        | "required"
        | "additionalProperties"
        | "anyOf"
        | "oneOf"
        | "allOf"
        | "not"
        | "nullable" => {
            "write the type itself (`int`, `[T]`, `\"a\" | \"b\"`, `T | null`, a struct)"
        }
        "default" => "write a default: `name: T = value`",
        "examples" => "write `@example(value)`",
        "title" => "write `@title(\"...\")`",
        "description" => "write a `///` doc comment",
        "deprecated" => "write `@deprecated`",
        "writeOnly" => "write `@secret`",
        "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" => {
            "write a range: `int in 1..=10`, `number in 0<..1`"
        }
        "multipleOf" => "write `multiple_of N` on the number",
        "minLength" | "maxLength" => "write a length: `string len 1..=64`",
        "pattern" => "write `string matches \"...\"`",
        "minItems" | "maxItems" => "write a length on the list: `[T] len 1..=10`",
        "uniqueItems" => "write `unique` on the list",
        "propertyNames" | "minProperties" | "maxProperties" | "patternProperties" => {
            "write `len` or `keys matches \"...\"` on the map type"
        }
        k if k.starts_with('$') => "name a type instead of referring to a schema",
        _ => "use an `x-` extension key for data of your own",
    };
    Some((
        format!(
            "`@schema` takes only `x-` extension keys and {}, so that no schema contradicts \
             the definition it is generated from",
            SCHEMA_KEYWORDS
                .iter()
                .map(|k| format!("`{k}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        instead.to_string(),
    ))
}

/// The MCP extension that mirrors a parameter into an `Mcp-Param-{name}`
/// HTTP header.
pub const MCP_HEADER: &str = "x-mcp-header";

/// 2^53 - 1: the largest integer every JSON reader holds exactly, and so the
/// widest range an `int` header parameter may have.
pub const MCP_HEADER_INT_LIMIT: i64 = (1 << 53) - 1;

/// Why `value` cannot be an `x-mcp-header` value. MCP requires a non-empty
/// HTTP field-name token (`1*tchar`, RFC 9110 section 5.1), which also rules
/// out control characters; clients drop a tool whose header breaks this.
fn mcp_header_problem(value: &serde_json::Value) -> Option<String> {
    let Some(name) = value.as_str() else {
        return Some("the `x-mcp-header` value must be a string".into());
    };
    if name.is_empty() {
        return Some("the `x-mcp-header` value cannot be empty".into());
    }
    let tchar = |c: char| c.is_ascii_alphanumeric() || "!#$%&'*+-.^_`|~".contains(c);
    if let Some(bad) = name.chars().find(|c| !tchar(*c)) {
        return Some(format!(
            "{bad:?} cannot be part of an HTTP header name: `x-mcp-header` takes letters, digits \
             and ! # $ % & ' * + - . ^ _ ` | ~"
        ));
    }
    None
}

fn is_label(label: &str) -> bool {
    let b = label.as_bytes();
    match (b.first(), b.last()) {
        (Some(first), Some(last)) => {
            first.is_ascii_alphabetic()
                && last.is_ascii_alphanumeric()
                && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-')
        }
        _ => false,
    }
}

fn is_name(name: &str) -> bool {
    let b = name.as_bytes();
    match (b.first(), b.last()) {
        (Some(first), Some(last)) => {
            first.is_ascii_alphanumeric()
                && last.is_ascii_alphanumeric()
                && b.iter()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::meta_key_problem;

    #[test]
    fn meta_keys() {
        for ok in [
            "category",
            "x-owner",
            "ui/icon",
            "com.example/owner",
            "com.example.mcp/x",
            "mcp/x",
            "com.example/",
            "a.b-c_d",
        ] {
            assert_eq!(meta_key_problem(ok), None, "{ok}");
        }
        for bad in [
            "",
            "toolc/tier",
            "toolc/examples",
            "bad key!",
            "io.modelcontextprotocol/x",
            "dev.mcp/x",
            "mcp.dev/x",
            "tools.mcp.com/x",
            "modelcontextprotocol.io/x",
            "org.modelcontextprotocol.api/x",
            "1abc/x",
            "a..b/x",
            "a/b/c",
            "-x",
            "x.",
        ] {
            assert!(meta_key_problem(bad).is_some(), "{bad}");
        }
    }
}
