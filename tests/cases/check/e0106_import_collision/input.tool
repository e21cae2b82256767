use "common.tool";

/// A node identifier such as "1:23".
type NodeId = string matches "^[0-9]+:[0-9]+$";

/// Get one node by its id, with its name and kind.
tool get_node(
    /// The node's id.
    id: NodeId,
);
