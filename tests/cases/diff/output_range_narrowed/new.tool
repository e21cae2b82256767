//! Tools of a case.
package cases;

/// An item.
struct Item {
    /// A field.
    count: int in 0..=10,
}

/// Read one item.
tool get_item(
    /// The id.
    id: string,
) -> Item;
