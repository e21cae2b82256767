//! Tools of a case.
package cases;

/// An item.
struct Item {
    /// A field.
    count: int = 1,
}

/// Read one item.
tool get_item(
    /// A value.
    item: Item,
);
