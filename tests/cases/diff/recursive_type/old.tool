//! Tools of a case.
package cases;

/// A tree node.
struct Node {
    /// The name.
    name: string,
    /// The children.
    children: [Node] len ..=20,
}

/// Read one tree.
tool get_tree(
    /// The root.
    root: Node,
) -> Node;
