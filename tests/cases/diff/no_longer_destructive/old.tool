//! Tools of a case.
package cases;

/// Read one item.
@mutates @destructive
tool get_item(
    /// The id.
    id: string,
);
