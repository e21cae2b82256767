/// Read one node by its id. Fails with `node_not_found` when no node has it.
tool get_node(
    /// The node's id.
    id: string,
) -> string {
    error node_not_found "No node has this id." suggest find_nodes;
    error gone "The node was deleted." suggest;
    error locked "The node is locked." suggest "unlock_node", retryable;
    error moved "The node moved." retryable suggest "find_nodes";
    error busy "The document is busy." suggest "wait" retryable;
}

/// Find nodes whose name contains a text.
tool find_nodes(
    /// The text to find.
    query: string,
) -> [string];
