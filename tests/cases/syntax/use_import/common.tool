/// A node identifier.
type NodeId = string matches "^[0-9]+:[0-9]+$";

/// Imported files' tools are not emitted.
tool not_emitted() -> bool;
