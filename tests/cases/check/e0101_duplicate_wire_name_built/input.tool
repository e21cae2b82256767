//! Per-target names that collide with another tool's name on that target.
package wire;

/// Read the record with the given id.
@name(openai, "get_b") @name(anthropic, "get_b")
tool get_a(
    /// Record id.
    id: string,
);

/// Read the other record with the given id.
tool get_b(
    /// Record id.
    id: string,
);

/// Read the third record with the given id.
@name(mcp, "get_b")
tool get_c(
    /// Record id.
    id: string,
);

/// Distinct names on every target suit the JSON targets, even when one tool
/// takes another's name where that one is renamed (not the Rust dispatcher).
@name(openai, "get_a")
tool get_d(
    /// Record id.
    id: string,
);
