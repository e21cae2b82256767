/// Finds nodes.
tool find_nodes(
    /// Text.
    query: string,
);
