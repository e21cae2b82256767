//! Declared errors that suggest what to try instead.
package suggestions;

/// Read one node by its id. Fails with `node_not_found` when no node has
/// it, and with `locked` while someone edits it.
@idempotent
tool get_node(
    /// The node's id, such as "1:23".
    id: string,
) -> string {
    error node_not_found "No node has this id." help "Look the id up." suggest "find_nodes", "list_nodes";
    error locked "Someone is editing the node." help "Wait, then retry." suggest "`wait`" retryable;
    error gone "The node was deleted.";
    example "Read the title node" { id: "1:2" }
}

/// Find nodes whose name contains a text.
@idempotent
tool find_nodes(
    /// The text to find in node names.
    query: string,
) -> [string] {
    example "Find the title" { query: "title" }
}

/// List the ids of every node on the page.
@idempotent
tool list_nodes() -> [string] {
    example "List every node" {}
}
