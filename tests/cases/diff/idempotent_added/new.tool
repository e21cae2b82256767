//! Tools of a case.
package cases;

/// Read one item.
@idempotent
tool get_item(
    /// The id.
    id: string,
);
