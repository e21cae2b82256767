//! Tools of a case.
package cases;

/// Read one item.
@mutates @confirm
tool get_item(
    /// The id.
    id: string,
);
