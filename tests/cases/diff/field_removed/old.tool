//! Tools of a case.
package cases;

/// An item.
struct Item {
    /// A field.
    name: string,
    /// A field.
    note: string,
}

/// Read one item.
tool get_item(
    /// A value.
    items: [Item],
);
