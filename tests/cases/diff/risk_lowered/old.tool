//! Tools of a case.
package cases;

/// Read one item.
@risk(high)
tool get_item(
    /// The id.
    id: string,
);
