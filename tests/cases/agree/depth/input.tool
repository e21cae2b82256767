//! The nesting limit: arguments nest arrays and objects at most 128 levels
//! deep (the argument object is level 1), counted in the JSON itself, not in
//! steps through the type definitions, and far deeper input is answered
//! with a structured error.
package depth;

/// A labelled node of a tree, linked both ways.
struct Tree {
    /// A short name for the node.
    label: string len 1..=5,
    /// The nodes below this one.
    children: [Tree] = [],
    /// The node above this one, if any.
    parent?: Tree | null,
}

/// Store a tree of labelled nodes and report it back.
@allow(W0004, W0007, W0008, W0011, W0015, W0016, W0017)
tool save_tree(
    /// The tree to store.
    tree: Tree,
    /// Any JSON the caller wants kept with the tree.
    extra?: json,
    /// A label or a number for the tree.
    either?: string | int,
);
