use "input.tool";

/// A node identifier such as "1:23".
type NodeId = string;
