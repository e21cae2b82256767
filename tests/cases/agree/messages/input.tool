//! Messages and hints both dispatchers give: fields named, known fields and
//! union tags listed.
package messages;

/// A circle around the origin.
struct Circle {
    /// The radius, in pixels.
    radius: number in 0<..=1000,
}

/// A rectangle at the origin.
struct Rect {
    /// The width, in pixels.
    w: number in 0<..,
    /// The height, in pixels.
    h: number in 0<..,
}

/// A shape, by kind.
union Shape by kind {
    /// Round.
    circle: Circle,
    /// Four corners.
    rect: Rect,
}

/// Draw a shape on the canvas and report what was drawn.
@allow(W0007, W0008)
tool draw_shape(
    /// The shape to draw.
    shape: Shape,
    /// The color to draw it in.
    color: "red" | "blue" = red,
);

/// Clear the whole canvas and report whether anything was drawn on it.
tool clear_canvas();
