//! Declared errors that suggest what to try instead.
package nodes;

/// Read one node by its id. Fails with `node_not_found` when no node has it.
tool get_node(
    /// The node's id, such as "1:23".
    id: string,
) -> string {
    error node_not_found "No node has this id." help "Call find_nodes to look the id up." suggest "find_nodes", "list_nodes" retryable;
    error gone "The node was deleted." suggest r"list_nodes";
    error locked "The node is locked." suggest "unlock_node"
        retryable;
    error busy "The document is busy." help "Wait, then retry." retryable;
}

/// Find nodes whose name contains a text.
tool find_nodes(
    /// The text to find.
    query: string,
) -> [string];

/// List every node of the page.
tool list_nodes() -> [string];
