/// Return the nodes of the current page in order.
tool page_nodes();

/// Return the nodes of the current page in order.
tool list_page_nodes();
