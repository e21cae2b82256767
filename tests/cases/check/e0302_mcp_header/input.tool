//! `x-mcp-header` uses MCP clients must reject: a header repeated within a
//! tool (ignoring case), or on a parameter that is not a string, boolean or
//! safe integer. (Malformed values: `e0302_mcp_header_value`.)
package headers;

/// Where a query runs.
struct Target {
    /// Data center region.
    @schema("x-mcp-header", "REGION") region: string,
}

/// Run a query in the given region.
@allow(W0007, W0008)
tool run_query(
    /// Region of the query.
    @schema("x-mcp-header", "Region") region: string,
    /// The same header in another case.
    @schema("x-mcp-header", "region") zone: string,
    /// A number.
    @schema("x-mcp-header", "Ratio") ratio: number,
    /// A list of tags.
    @schema("x-mcp-header", "Tags") tags: [string],
    /// An int without a safe range.
    @schema("x-mcp-header", "Count") count: int,
    /// Nullable.
    @schema("x-mcp-header", "Mode") mode?: string | null,
    /// The same header again, inside a struct written out in place.
    target: Target,
    /// Fine: a bounded int.
    @schema("x-mcp-header", "Limit") limit: int in 1..=100,
    /// Fine: a boolean.
    @schema("x-mcp-header", "Dry-Run") dry_run: bool = false,
    /// Fine: a string.
    @schema("x-mcp-header", "X-Tenant_1.v2") tenant: string,
    /// Fine: a literal union of strings.
    @schema("x-mcp-header", "Speed") speed: "fast" | "slow" = fast,
);
