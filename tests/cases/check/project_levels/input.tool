/// Finds the nodes whose name matches the query text.
tool findNodes(query: string);

/// Removes the nodes from the open document, for good.
tool delete_nodes(
    /// IDs
    ids: [string],
    /// When set, hidden nodes are left in place.
    no_hidden: bool = false,
);
