/// A node identifier.
type NodeId = string;
