//! Tools of a case.
package cases;

/// Read one item.
tool get_item(
    /// A value.
    tags: [string] len ..=10,
);
