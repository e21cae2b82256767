//! Tools of a case.
package cases;

/// Read one item.
@requires("items:read", "items:admin")
tool get_item(
    /// The id.
    id: string,
);
