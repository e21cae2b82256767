//! Tools for a vector design editor.
package design;

/// A node identifier such as "1:23".
type NodeId = string matches "^[0-9]+:[0-9]+$";

/// Horizontal text alignment.
enum Align {
    /// Flush to the left edge.
    left,
    center,
    right,
}

/// A node's id, name and kind.
struct NodeSummary {
    id: NodeId,
    name: string,
    /// FRAME, TEXT, RECTANGLE, ...
    kind: string,
}

/// Set the font family, weight and style of a text node. Returns the updated node.
@core @mutates @idempotent @risk(low) @timeout(5s) @requires("document:write")
tool set_font(
    /// Node to change.
    id: NodeId,
    /// Font family name, such as Inter or JetBrains Mono.
    font: string len 1..=120,
    /// CSS font weight.
    weight: 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900 = 400,
    /// Whether the text is italic.
    italic: bool = false,
    /// Opacity from 0 (transparent) to 1 (opaque).
    opacity?: number in 0..=1,
    /// Labels to attach.
    tags?: [string] len ..=10,
    /// Alignment of the text block.
    align: Align = left,
) -> NodeSummary {
    error node_not_found "No node has this id." help "Call find_nodes to look the id up.";
    example "Make a title bold" { id: "1:2", font: "Inter", weight: 700 }
}

/// Report whether the document is open.
tool ping() -> bool;
