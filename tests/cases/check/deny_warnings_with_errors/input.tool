/// Find nodes whose name contains the query text.
tool find_nodes(
    /// How many nodes to return.
    limit: int in 1..=10 = 50,
    no_cache: bool = false,
);
