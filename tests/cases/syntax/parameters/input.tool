/// Every parameter form.
tool set_font(
    /// Font family name.
    @title("Font family") @example("Inter") @example("JetBrains Mono")
    font: string len 1..=120,

    /// Optional: may be absent.
    opacity?: number in 0..=1,

    /// Default: applies when absent.
    italic: bool = false,

    /// Nullable: may be null (and, being optional too, absent).
    parent?: string | null,

    /// Sensitive: never logged.
    @secret api_key: string,

    /// Extra JSON Schema keys, emitted verbatim.
    @schema("x-mcp-header", "Region") @schema("x-order", 3) region: string,

    @deprecated("use `font`") family?: string,
    @allow(W0015) extra: json = { a: [1, 2.5, -3e2, null, true] },
) -> bool;
