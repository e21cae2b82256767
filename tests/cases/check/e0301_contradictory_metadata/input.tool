/// Remove a node from the document. Cannot be undone; a person approves
/// each call.
@destructive @confirm @risk(high)
tool remove_node(
    /// Node to remove.
    id: string,
);

/// Count the nodes of the current page; reading twice changes nothing.
@idempotent
tool count_nodes();
