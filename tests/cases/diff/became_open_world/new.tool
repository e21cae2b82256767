//! Tools of a case.
package cases;

/// Read one item.
@open_world
tool get_item(
    /// The id.
    id: string,
);
