//! Tools of a case.
package cases;

/// Read one item.
@timeout(10s)
tool get_item(
    /// The id.
    id: string,
);
