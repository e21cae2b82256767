//! Nodes of a drawing, with declared errors that suggest what to try.
package nodes;

/// Read one node's name by its id. Fails with `node_not_found` when no node
/// has the id, `locked` while someone edits it and `gone` once deleted.
@core @idempotent
tool get_node(
    /// The node's id.
    id: int in 1..,
) -> string {
    error node_not_found "No node has this id." help "Look the id up." suggest "find_nodes", "list_nodes";
    error locked "Someone is editing the node." suggest "wait" retryable;
    error gone "The node was deleted.";
}

/// Find the ids of the nodes whose name contains a text.
@core @idempotent
tool find_nodes(
    /// The text to find in node names.
    query: string,
) -> [int];

/// List the ids of every node.
@core @idempotent
tool list_nodes() -> [int];
