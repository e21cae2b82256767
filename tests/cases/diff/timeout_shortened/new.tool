//! Tools of a case.
package cases;

/// Read one item.
@timeout(2s)
tool get_item(
    /// The id.
    id: string,
);
