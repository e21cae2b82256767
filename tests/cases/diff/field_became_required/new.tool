//! Tools of a case.
package cases;

/// An item.
struct Item {
    /// A field.
    name: string,
}

/// Read one item.
tool get_item(
    /// A value.
    item: Item,
);
