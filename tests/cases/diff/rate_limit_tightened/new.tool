//! Tools of a case.
package cases;

/// Read one item.
@rate_limit(10/min)
tool get_item(
    /// The id.
    id: string,
);
