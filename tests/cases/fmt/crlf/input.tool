//! CRLF line endings.
package crlf;

/// A tool.
tool crlf_tool(
    /// A param.
    x: int, // trailing
);
