/// A linked list node that never ends.
struct Node {
    /// The next node.
    next: Node,
}

/// A pair of nodes that require each other.
struct Ping {
    /// The other half.
    pong: Pong,
}

/// The other half of a pair.
struct Pong {
    /// Back to the first half.
    ping: Ping,
}

/// A tree that ends: children are a list.
struct Tree {
    /// Child trees.
    children: [Tree],
    /// The parent, absent at the root.
    parent?: Tree,
    /// A sibling, or null.
    next: Tree | null,
}
