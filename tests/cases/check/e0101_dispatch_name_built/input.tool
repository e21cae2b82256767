//! The Rust dispatcher answers to every name a tool has on any target.
package dispatch;

/// Read the first record with the given id.
@name(openai, "read_record")
tool read_first(
    /// Record id.
    id: string,
);

/// Read the second record with the given id.
@name(mcp, "read_record")
tool read_second(
    /// Record id.
    id: string,
);

/// A tool whose other names belong to no one else.
@name(openai, "read_third_record") @name(mcp, "records.read_third")
tool read_third(
    /// Record id.
    id: string,
);
