//! Tools of a case.
package cases;

/// Read one item.
@task_support(optional)
tool get_item(
    /// The id.
    id: string,
);
