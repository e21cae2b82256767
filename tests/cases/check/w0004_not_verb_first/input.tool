/// Return the nodes of the current page in order.
tool page_nodes();

/// Return the nodes of the current page in order.
tool list_page_nodes();

/// Commit the staged changes with a message. Namespaced, so it passes.
tool git_commit(
    /// The commit message.
    message: string,
);

/// Drop a table of the database and everything in it, for good. A person
/// approves each call.
@mutates @destructive @confirm @risk(high)
tool drop_table(
    /// The table to drop.
    name: string,
);

/// Report on the nodes of the current page: two words, neither a verb.
tool page_node_report();
