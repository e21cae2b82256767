//! Tools of a case.
package cases;

/// Read one item.
tool get_item(
    /// The id.
    id: string,
);
