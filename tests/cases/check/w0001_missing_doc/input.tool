tool find_nodes(query: string);

/// A node's id and name.
struct NodeSummary {
    id: string,
    /// The node's display name.
    name: string,
}

/// Import the given nodes into the current page.
tool import_nodes(
    /// Nodes to import.
    nodes: [NodeSummary],
) -> NodeSummary {
    example { nodes: [{ id: "1:2", name: "Title" }] }
}

/// Output-only types are not what a model fills in: not reported.
struct Report {
    count: int,
}

/// A node identifier such as "1:23".
type NodeId = string;

/// Get one node by its id, with its name and kind.
tool get_node(
    // Described by the doc of `NodeId`: not reported.
    id: NodeId,
) -> Report;
