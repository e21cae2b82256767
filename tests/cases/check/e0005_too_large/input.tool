//! A chain of structs that each hold the next twice: the schema doubles
//! at every link, and E0005 stops it before anything is generated.
package big;

/// Level 0 of the tree.
struct S0 {
    /// The left subtree.
    a: S1,
    /// The right subtree.
    b: S1,
}

/// Level 1 of the tree.
struct S1 {
    /// The left subtree.
    a: S2,
    /// The right subtree.
    b: S2,
}

/// Level 2 of the tree.
struct S2 {
    /// The left subtree.
    a: S3,
    /// The right subtree.
    b: S3,
}

/// Level 3 of the tree.
struct S3 {
    /// The left subtree.
    a: S4,
    /// The right subtree.
    b: S4,
}

/// Level 4 of the tree.
struct S4 {
    /// The left subtree.
    a: S5,
    /// The right subtree.
    b: S5,
}

/// Level 5 of the tree.
struct S5 {
    /// The left subtree.
    a: S6,
    /// The right subtree.
    b: S6,
}

/// Level 6 of the tree.
struct S6 {
    /// The left subtree.
    a: S7,
    /// The right subtree.
    b: S7,
}

/// Level 7 of the tree.
struct S7 {
    /// The left subtree.
    a: S8,
    /// The right subtree.
    b: S8,
}

/// Level 8 of the tree.
struct S8 {
    /// The left subtree.
    a: S9,
    /// The right subtree.
    b: S9,
}

/// Level 9 of the tree.
struct S9 {
    /// The left subtree.
    a: S10,
    /// The right subtree.
    b: S10,
}

/// Level 10 of the tree.
struct S10 {
    /// The left subtree.
    a: S11,
    /// The right subtree.
    b: S11,
}

/// Level 11 of the tree.
struct S11 {
    /// The left subtree.
    a: S12,
    /// The right subtree.
    b: S12,
}

/// Level 12 of the tree.
struct S12 {
    /// The left subtree.
    a: S13,
    /// The right subtree.
    b: S13,
}

/// Level 13 of the tree.
struct S13 {
    /// The left subtree.
    a: S14,
    /// The right subtree.
    b: S14,
}

/// Level 14 of the tree.
struct S14 {
    /// The left subtree.
    a: S15,
    /// The right subtree.
    b: S15,
}

/// Level 15 of the tree.
struct S15 {
    /// The left subtree.
    a: S16,
    /// The right subtree.
    b: S16,
}

/// Level 16 of the tree.
struct S16 {
    /// The left subtree.
    a: S17,
    /// The right subtree.
    b: S17,
}

/// Level 17 of the tree.
struct S17 {
    /// The left subtree.
    a: S18,
    /// The right subtree.
    b: S18,
}

/// Level 18 of the tree.
struct S18 {
    /// The left subtree.
    a: S19,
    /// The right subtree.
    b: S19,
}

/// Level 19 of the tree.
struct S19 {
    /// The left subtree.
    a: S20,
    /// The right subtree.
    b: S20,
}

/// Level 20 of the tree.
struct S20 {
    /// The left subtree.
    a: S21,
    /// The right subtree.
    b: S21,
}

/// Level 21 of the tree.
struct S21 {
    /// The left subtree.
    a: S22,
    /// The right subtree.
    b: S22,
}

/// The leaf of the tree.
struct S22 {
    /// A value at the leaf.
    v: int,
}

/// Take a tree of values and report what was done with it.
tool take_tree(
    /// The tree.
    t: S0,
);
