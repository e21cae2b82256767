//! Notes moved into descriptions join the description as sentences.
package sketch;

/// Draw a line between two points on the canvas and return its identifier.
@core @mutates
tool draw_line(
    /// Stroke weight
    weight: number in 0.5..=10 = 1,
    /// Observation content
    content?: string len ..=2048,
    /// Line colour (a CSS name such as "red")
    colour: string = "black",
    /// Dash pattern, in pixels.
    dash?: [int] len ..=8,
    /// Does it close the shape?
    closed: bool = false,
    /// Label shown next to the line:
    label: string len 1..=40 = "line",
);
