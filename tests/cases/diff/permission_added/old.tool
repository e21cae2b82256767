//! Tools of a case.
package cases;

/// Read one item.
@requires("items:read")
tool get_item(
    /// The id.
    id: string,
);
