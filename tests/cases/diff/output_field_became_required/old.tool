//! Tools of a case.
package cases;

/// An item.
struct Item {
    /// A field.
    name?: string,
}

/// Read one item.
tool get_item(
    /// The id.
    id: string,
) -> Item;
