/// Options of a search.
struct Options {
    /// Match the case of letters exactly.
    exact: bool,
    /// Maximum number of results.
    limit: int,
}

/// Find nodes whose name contains the query text.
tool find_nodes(
    /// Text to look for in names.
    query: string,
    /// Search options.
    options: Options,
    /// Several option sets: a list of records is fine.
    batches: [Options],
) {
    example { query: "a", options: { exact: true, limit: 2 }, batches: [] }
}
