//! Tools of a case.
package cases;

/// Read one item.
tool get_item(
    /// A value.
    name: string len 1..=200,
);
