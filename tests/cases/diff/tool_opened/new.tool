//! Tools of a case.
package cases;

/// Read one item.
@open
tool get_item(
    /// The id.
    id: string,
);
