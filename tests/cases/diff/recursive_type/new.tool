//! Tools of a case.
package cases;

/// A tree node.
struct Node {
    /// The name.
    name: string,
    /// The children.
    children: [Node] len ..=10,
    /// The size.
    size: int in 0..,
}

/// Read one tree.
tool get_tree(
    /// The root.
    root: Node,
) -> Node;
