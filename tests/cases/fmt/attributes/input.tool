package attributes;

/// A very long list of attributes wraps at one hundred columns, keeping their order.
@extended @mutates @idempotent @destructive @confirm @risk(high) @timeout(1500ms) @rate_limit(60/min) @requires("files:write", "files:delete") @title("Delete everything") @deprecated("use remove") @meta("category", "files") @meta("ui", {icon: "trash", order: 3}) @name(openai, "delete_all") @allow(W0004)
tool delete_all(
    /// The root.
    @title("Root directory") @example("/tmp") @example("/var") @deprecated @secret @schema("x-mcp-header", "Root") root: string,
);

enum Level {
    low,
    @deprecated("use low") minimal,
}

/// Takes keys it does not declare.
@open   struct  Filter { id: string }
