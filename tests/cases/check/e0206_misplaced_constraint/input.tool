/// A node identifier such as "1:23".
type NodeId = string;

/// Find nodes that match every filter given here.
@allow(missing_example, not_strict)
tool find_nodes(
    /// How many nodes to return.
    count: int len 1..=3,
    /// Name filter.
    name: string in 0..=10,
    /// Flags keyed by name.
    @allow(map_param)
    flags: map<string, bool> unique,
    /// Tags to match.
    tags: [string] format uri,
    /// Node to start from.
    start: NodeId len 3..=8,
    /// Whether to include hidden nodes.
    hidden: bool multiple_of 2,
);
