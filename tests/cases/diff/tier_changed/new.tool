//! Tools of a case.
package cases;

/// Read one item.
@extended
tool get_item(
    /// The id.
    id: string,
);
