/// Finds nodes by name.
tool find_nodes(
    /// Name.
    query: string,
    /// At most this many.
    limit: int = 10,
);
