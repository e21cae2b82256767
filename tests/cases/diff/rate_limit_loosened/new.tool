//! Tools of a case.
package cases;

/// Read one item.
@rate_limit(2/s)
tool get_item(
    /// The id.
    id: string,
);
