package design;

/// List every node of the current page, in document order.
tool list_nodes();
