tool find_nodes(query: string);

/// A node's id and name.
struct NodeSummary {
    id: string,
    /// The node's display name.
    name: string,
}
