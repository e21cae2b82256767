/// Find nodes whose name contains the query text.
tool findNodes(
    /// Text to look for in names.
    query: string,
);
