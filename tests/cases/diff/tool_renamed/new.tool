//! Tools of a case.
package cases;

/// Read one item.
tool fetch_item(
    /// The id.
    id: string,
);
