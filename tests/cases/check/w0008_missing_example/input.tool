/// A point on the page.
struct Point {
    /// Horizontal position in pixels.
    x: number,
    /// Vertical position in pixels.
    y: number,
}

/// Draw a polyline through the given points on the page.
tool draw_polyline(
    /// Points to connect, in order.
    points: [Point],
);

/// Create a rectangle with the given geometry and style.
tool create_rectangle(
    /// Left edge in pixels.
    x: number,
    /// Top edge in pixels.
    y: number,
    /// Width in pixels.
    width: number,
    /// Height in pixels.
    height: number,
    /// Fill colour as a hex string.
    fill: string,
    /// Corner radius in pixels.
    radius: number = 0,
);
