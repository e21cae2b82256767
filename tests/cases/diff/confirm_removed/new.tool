//! Tools of a case.
package cases;

/// Read one item.
@mutates
tool get_item(
    /// The id.
    id: string,
);
