//! Declared errors whose suggestions are empty or repeated.
package nodes;

/// Read one node by its id. Fails with `node_not_found` when no node has it,
/// `locked` when it is locked and `gone` when it was deleted.
tool get_node(
    /// The node's id, such as "1:23".
    id: string,
) -> string {
    error node_not_found "No node has this id." suggest "find_nodes", "", "find_nodes";
    error locked "The node is locked." suggest " ";
    // A name that is no tool of this package is fine: no diagnostic.
    error gone "The node was deleted." suggest "restore_node", "1:1";
}

/// Read one page by its id. Fails with `not_found` when no page has it.
@allow(bad_suggestion)
tool get_page(
    /// The page's id, such as "1:0".
    id: string,
) -> string {
    error not_found "No page has this id." suggest "list_pages", "list_pages";
}
