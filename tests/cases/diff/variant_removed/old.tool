//! Tools of a case.
package cases;

/// An item.
struct Circle {
    /// A field.
    radius: number,
}

/// An item.
struct Square {
    /// A field.
    side: number,
}

/// A shape.
union Shape by kind {
    /// A variant.
    circle: Circle,
    /// A variant.
    square: Square,
}

/// Read one item.
tool get_item(
    /// A value.
    shape: Shape,
);
