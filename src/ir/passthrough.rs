//! Rules for the keys that attributes pass through to targets verbatim:
//! `@meta("key", value)` into MCP `_meta`. Shared by the front end (which
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
