//! Tools of a case.
package cases;

/// A colour.
enum Color {
    red,
    green,
}

/// Read one item.
tool get_item(
    /// A value.
    color: Color,
);
