//! Tools of a case.
package cases;

/// Read one item.
@name(openai, "get_item_v2")
tool get_item(
    /// The id.
    id: string,
);
