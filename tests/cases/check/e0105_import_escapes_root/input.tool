use "../clean/input.tool";

/// Get one node by its id, with its name and kind.
tool get_node(
    /// The node's id.
    id: string,
);
