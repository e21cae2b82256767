//! Tools of a case.
package cases;

/// Read one item.
@core
tool get_item(
    /// The id.
    id: string,
);
