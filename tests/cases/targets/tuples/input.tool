//! Tuples: fixed-length arrays with one type per position.
package tuples;

/// A latitude and longitude in degrees.
type LatLng = (number in -90..=90, number in -180..=180);

/// How a marker looks.
enum Shape { pin, dot }

/// A marker on the map.
struct Marker {
    /// Where the marker stands.
    at: LatLng,
    /// The label and its rank among labels, if any.
    label?: (string len 1..=40, int in 1..) | null,
    /// The shape and its size in pixels.
    look: (Shape, int in 1..=64) = [pin, 24],
}

/// Pan the map to a point and fit an area; returns the new center.
tool pan_map(
    /// Where to center the view.
    center: LatLng = [48.85, 2.35],
    /// Corners of the area to fit, south-west then north-east.
    bounds?: (LatLng, LatLng),
    /// Markers to draw.
    markers?: [Marker],
) -> LatLng {
    example "Paris" { center: [48.85, 2.35], bounds: [[48.8, 2.2], [48.9, 2.5]] }
    example "A marker" { markers: [{ at: [0, 0], label: ["origin", 1], look: [dot, 8] }] }
}

/// Measure the distance between two points, in meters and in feet.
tool measure(
    /// The two points.
    points: (LatLng, LatLng),
) -> (number, number) {
    example "Across the Seine" { points: [[48.85, 2.35], [48.86, 2.35]] }
}
