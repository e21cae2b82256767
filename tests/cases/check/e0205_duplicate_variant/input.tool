/// Horizontal text alignment.
enum Align {
    left,
    center,
    "left",
}

/// Set the weight of the selected text to one of a few values.
tool set_weight(
    /// CSS font weight.
    weight: 400 | 700 | 400.0,
);

/// Look a node up by its id or its index in the list.
@allow(W0008, W0016)
tool find_node(
    /// The node's id or index.
    key: string | int | string,
);
