//! Names that Markdown would read as markup in a heading: underscores that
//! open and close emphasis, outside a word.
package headings;

/// A struct whose name starts and ends with underscores.
struct _Inner_ {
    /// A value.
    value: int,
}

/// Reset the private state to its defaults and report what was kept.
@allow(W0003, W0004, W0007, W0008)
tool __reset__(
    /// What to keep while resetting the rest.
    keep: _Inner_,
);

/// Clear the private cache and report how many entries were removed.
@allow(W0003, W0004)
tool _clear_cache_();
