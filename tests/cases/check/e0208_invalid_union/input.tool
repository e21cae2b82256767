/// A circle around a centre point.
struct Circle {
    /// The kind of shape.
    kind: string,
    /// Radius in pixels.
    radius: number,
}

/// A named colour.
enum Color { red, green }

/// A rectangle.
struct Rect {
    /// Width in pixels.
    width: number,
}

/// A shape to draw: the `kind` field tells which.
union Shape by kind {
    circle: Circle,
    color: Color,
    rect: Rect,
}
