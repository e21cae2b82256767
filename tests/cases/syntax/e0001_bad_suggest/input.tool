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

/// Read one page by its id.
tool get_page(
    /// The page's id.
    id: string,
) -> string {
    error gone "The page was deleted." retryable help "List the pages.";
    error moved "The page moved." help "Find it." suggest "find_pages", "list_pages" retryable;
}
