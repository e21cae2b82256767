// A comment above the package.
package comments; // trailing the package

// Above the doc of a struct.
/// A struct.
// Between doc and struct: moves above the doc.
struct Point {
    // Above x.
    x: number, // trailing x
    y: number,   // trailing y, extra spaces
    // Dangling at the end of the struct.
}

enum Mode {
    // Above fast.
    fast, // trailing fast
    slow,
    // Dangling in the enum.
}

/// Move a point.
tool move_point( // after the open paren
    /// The point.
    point: Point,
    // Above mode.
    mode: Mode = fast, // trailing mode
    // Dangling in the parameters.
) -> Point { // after the brace
    // Above the error.
    error out_of_bounds "Outside the canvas." help "Use smaller coordinates."; // trailing error
    example { point: { x: 1, y: 2 } } // trailing example
    // Dangling in the body.
} // trailing the tool

//// Four slashes: an ordinary comment.
tool stop(); // trailing stop
// At the very end.

struct Edge { // after the struct brace
    from: int, to: int // no comma, then a comment
}

union Link by kind { // after the union brace
    edge: Edge, // trailing edge
}

/// Doc.
@mutates
// Between the attributes and the tool.
tool connect(
    /// Weights.
    weights: [number] = [
        1, // inside a default
        2,
    ],
    /// A type split over lines.
    mode: "a" // inside a type
        | "b" = "a"
);
