//! A recursive node tree.
package tree;

/// A node of the document tree.
struct Node {
    /// The node's id.
    id: string,
    /// Child nodes, front to back.
    children: [Node] = [],
    /// The parent, when known.
    parent?: Node | null,
}

/// Replace a subtree.
@mutates @allow(W0017)
tool replace_tree(
    /// The new subtree.
    root: Node,
) -> Node;

/// Read the whole tree.
tool get_tree() -> Node;

/// Store a tree under a name.
@mutates @allow(W0017, W0007)
tool put_tree(
    /// The root node of the tree to store.
    @title("Root") @example({id: "a"}) @deprecated("use roots")
    root: Node = {id: "r"},
    /// The trees to store beside it.
    roots?: [Node],
) {
    example "One node" { roots: [{id: "b"}] }
}
