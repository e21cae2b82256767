//! Errors of every phase in one run: one of lowering (the mixed literal
//! union), of the structural checks (the empty ranges, the look-ahead) and
//! of the value checks (the default).
/// Search the catalogue for products by text and return them.
tool search_products(
    /// The sort order.
    order: "asc" | "desc" = "up",
    /// Most results.
    limit: int in 10..=1 = 5,
    /// The query.
    query: string matches "^(?=a)b$",
    /// The page size.
    size: int in 0<..1,
    /// A mixed union.
    mixed: 1 | "a",
);
