/// A node of a tree to create.
struct NewNode {
    /// Name of the node.
    name: string,
    /// Child nodes.
    children: [NewNode],
}

/// Create a tree of nodes in one call under the current page.
tool create_tree(
    /// The trees to create.
    roots: [NewNode],
) {
    example { roots: [{ name: "a", children: [] }] }
}
