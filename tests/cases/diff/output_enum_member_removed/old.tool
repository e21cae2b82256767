//! Tools of a case.
package cases;

/// A colour.
enum Color {
    red,
    green,
    blue,
}

/// An item.
struct Item {
    /// A field.
    color: Color,
}

/// Read one item.
tool get_item(
    /// The id.
    id: string,
) -> Item;
