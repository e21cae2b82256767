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
    "top-left",
}

/// A node's id, name and kind.
struct NodeSummary {
    id: NodeId,
    name: string,
    /// FRAME, TEXT, RECTANGLE, ...
    kind: string,
    parent?: NodeId,
    children: [NodeSummary] = [],
}

/// A circle around a centre point.
struct Circle {
    radius: number in 0<..,
}

/// An axis-aligned rectangle.
struct Rect {
    width: number in 0..,
    height: number in 0..,
    corner: int in 0..=100 = 0,
}

/// A shape to draw: the `kind` field tells which.
union Shape by kind {
    circle: Circle,
    rect: Rect,
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
    tags?: [string len 1..=40] len ..=10 unique,
    /// Alignment of the text block.
    align: Align = left,
    /// Size step.
    size?: number multiple_of 0.5,
) -> NodeSummary {
    error node_not_found "No node has this id." help "Call find_nodes to look the id up." suggest "find_nodes";
    error busy "The document is locked." help "Wait and retry." retryable;
    example "Make a title bold" { id: "1:2", font: "Inter", weight: 700 }
}

/// Find nodes by name.
tool find_nodes(
    /// Text to search for.
    query: string len 1..,
    /// Maximum number of results.
    limit: int in 1..=100 = 20,
    /// Restrict to these kinds.
    kinds?: ["FRAME" | "TEXT" | "RECTANGLE"],
    /// Parent to search under; null searches the whole document.
    parent?: NodeId | null,
) -> [NodeSummary];

/// Draw shapes on the canvas.
@extended @mutates @destructive @confirm @risk(high)
tool draw(
    /// Shapes to draw.
    shapes: [Shape] len 1..=50,
    /// Style properties by name.
    style?: map<string, string | number> keys matches "^[a-z-]+$",
    /// Free-form extra data.
    extra?: json,
    /// When to draw.
    at?: string format date-time,
) {
    example { shapes: [{ kind: "circle", radius: 2 }] }
}

/// Report whether the service is up.
tool ping() -> bool;
