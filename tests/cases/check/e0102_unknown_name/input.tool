/// A node in the document tree.
struct Node {
    /// The node's id.
    id: string,
}

/// Get one node by its id, with its name and kind.
tool get_node(
    /// The node's id.
    id: string,
) -> Nodes;
