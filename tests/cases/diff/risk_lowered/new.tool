//! Tools of a case.
package cases;

/// Read one item.
@risk(low)
tool get_item(
    /// The id.
    id: string,
);
