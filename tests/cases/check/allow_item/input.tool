/// A node's id and name.
@allow(missing_doc)
struct NodeSummary {
    id: string,
    name: string,
}

/// Finds.
@allow(short_doc, W0004)
tool nodes(
    @allow(W0001)
    query: string,
    /// Text.
    @allow(short_doc)
    other: string,
);

/// A tool whose allow covers its parameters.
@allow(W0001)
tool get_thing(query: string, other: string);

/// Import the given nodes into the current page.
tool import_nodes(
    /// Nodes to import; their fields are allowed on the struct.
    nodes: [NodeSummary],
) {
    example { nodes: [] }
}
