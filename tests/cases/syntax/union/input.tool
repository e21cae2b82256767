struct Circle { radius: number }
struct Rect { width: number, height: number }
struct RoundedRect { width: number, height: number, radius: number }

/// A shape to draw: the `kind` field tells which.
@deprecated("use Shape2")
union Shape by kind {
    /// A circle around a centre point.
    circle: Circle,
    rect: Rect,
    "rounded-rect": RoundedRect,
}

/// Draw a shape.
tool draw(shape: Shape = { kind: "circle", radius: 2 }) -> bool;
