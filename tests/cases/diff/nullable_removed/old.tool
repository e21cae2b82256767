//! Tools of a case.
package cases;

/// Read one item.
tool get_item(
    /// A value.
    id: string | null,
);
