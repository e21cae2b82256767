/// Finds nodes.
tool find_nodes(
    /// Text.
    query: string,
);

/// Lists.
tool list_nodes();
