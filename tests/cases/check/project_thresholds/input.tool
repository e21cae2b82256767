/// Finds nodes by name.
tool find_nodes(
    /// Text.
    query: string,
    /// At most this many.
    limit: int = 10,
);
