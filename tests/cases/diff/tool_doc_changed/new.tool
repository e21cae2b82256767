//! Tools of a case.
package cases;

/// Read one item by its id.
tool get_item(
    /// The id.
    id: string,
);
