/// Return one node by id. Fails with node_not_found when the id does not exist.
tool get_node(
    /// Node id; a locked node gives `locked`.
    id: string,
) {
    error node_not_found "No node has this id." help "Call find_nodes first.";
    error locked "The node is locked.";
    error busy "The document is busy." help "Wait and retry; busy is temporary." retryable;
}
