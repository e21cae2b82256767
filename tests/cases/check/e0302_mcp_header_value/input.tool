//! `x-mcp-header` values that are no HTTP header name: MCP requires a
//! non-empty token (RFC 9110 `1*tchar`), so clients drop the tool.
package headers;

/// Run a query in the given region.
tool run_query(
    /// Empty header name.
    @schema("x-mcp-header", "") a: string,
    /// Space and line feed.
    @schema("x-mcp-header", "Bad Header\n") b: string,
    /// Not a string.
    @schema("x-mcp-header", 5) c: string,
    /// Fine: every token character.
    @schema("x-mcp-header", "X-Tenant_1.v2!#$%&'*+^`|~") tenant: string,
);
