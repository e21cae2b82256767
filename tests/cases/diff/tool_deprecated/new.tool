//! Tools of a case.
package cases;

/// Read one item.
@deprecated("use find_item")
tool get_item(
    /// The id.
    id: string,
);
