//! Every kind of type the language has.
package shapes;

/// A point on the canvas.
struct Point {
    x: number,
    y: number,
}

/// A circle around a centre point.
struct Circle {
    center: Point,
    /// Radius in pixels.
    radius: number in 0<..=10000,
}

struct Rect {
    origin: Point,
    width: number in 0..,
    height: number in 0..,
}

/// A shape to draw: the `kind` field tells which.
union Shape by kind {
    /// A circle.
    circle: Circle,
    rect: Rect,
}

/// City names, some of which are not identifiers.
enum City {
    "New York",
    "123abc",
    paris,
}

/// Draw shapes and label them.
@mutates
tool draw(
    /// Shapes to draw, back to front.
    shapes: [Shape] len 1..=50,
    /// Where the drawing is filed.
    city: City = "New York",
    /// Free-form key-value labels.
    labels?: map<string, string len ..=40> keys matches "^[a-z]+$" len ..=8,
    /// A string or a number.
    handle?: string | int,
    /// Parent node, or null for the root.
    parent?: string | null,
    /// Step in pixels.
    step: number multiple_of 0.25 = 1,
    /// When to draw.
    at?: string format date-time,
    /// Where to send the result.
    callback?: string format uri,
    /// Anything else.
    extra?: json,
    /// Tags, each unique.
    tags: [string len 1..=40] len ..=10 unique = [],
) -> [Shape];
