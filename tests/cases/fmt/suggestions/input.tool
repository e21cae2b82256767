package suggestions;

/// Read one node by its id. Fails with `node_not_found` when no node has it.
tool get_node(
    /// The node's id.
    id: string,
) -> string {
    // Tool names the model can call instead.
    error node_not_found "No node has this id."   help "Call find_nodes."
        suggest "find_nodes" ,"list_nodes"   retryable ;
    error gone "The node was deleted." suggest r"list_nodes";  // raw stays raw
    error busy "Busy."
        suggest
        "wait";
}
