//! A small tool set for the Rust target's snapshot.
package basic;

/// A node identifier such as "1:23".
type NodeId = string matches r"^\d+:\d+$";

/// Horizontal text alignment.
enum Align {
    /// Flush to the left edge.
    left,
    center,
    "New York",
}

/// A node's id and name.
struct NodeSummary {
    id: NodeId,
    name: string,
    parent?: NodeId,
    note?: string | null,
}

/// Set the font of a text node. Returns the updated node.
@mutates @idempotent @timeout(5s) @requires("document:write")
tool set_font(
    /// Node to change.
    id: NodeId,
    /// Font family name.
    font: string len 1..=120,
    /// CSS font weight.
    weight: 100 | 400 | 700 = 400,
    /// Opacity from 0 to 1.
    opacity?: number in 0..=1 multiple_of 0.25,
    /// Labels.
    tags?: [string len 1..=20] len ..=10 unique,
    /// Alignment.
    align: Align = left,
    /// Merge mode.
    mode: "replace" | "merge" = "replace",
    /// The parent, or null for the root.
    parent: NodeId | null,
    /// A note to set; null clears it, absent leaves it.
    note?: string | null,
) -> NodeSummary {
    error node_not_found "No node has this id." help "Call find_nodes first.";
    error busy "The document is locked." retryable;
}

/// Report whether the service is up.
tool ping() -> bool;
