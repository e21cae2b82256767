//! Tools for a vector design editor.
package design;

/// A node identifier such as "1:23".
type NodeId = string matches r"^\d+:\d+$";

/// Horizontal text alignment.
enum Align {
    /// Flush to the left edge.
    left,
    center,
    right,
}

/// A node's id, name and kind.
struct NodeSummary {
    /// The node's id.
    id: NodeId,
    /// The node's display name.
    name: string,
}

/// Set the font family and weight of a text node. Returns the updated node;
/// fails with node_not_found when the id does not exist.
@core @mutates @idempotent @risk(low) @timeout(5s)
tool set_font(
    /// Node to change.
    id: NodeId,
    /// Font family name, such as Inter or JetBrains Mono.
    font: string len 1..=120,
    /// CSS font weight.
    weight: 100 | 400 | 700 = 400,
    /// Opacity from 0 (transparent) to 1 (opaque).
    opacity?: number in 0..=1 multiple_of 0.01,
    /// Alignment of the text block.
    align: Align = left,
    /// When the change should be recorded, as an RFC 3339 date-time.
    at?: string format date-time,
) -> NodeSummary {
    error node_not_found "No node has this id." help "Call find_nodes to look the id up.";
    example "Make a title bold" { id: "1:2", font: "Inter", weight: 700, at: "2024-02-29T12:00:00Z" }
}

/// Find nodes whose name contains the query. Fails with node_not_found when the page is empty.
tool find_nodes(
    /// Text to look for in node names.
    query: string,
) -> [NodeSummary] {
    error node_not_found "The page has no nodes.";
}
