/// A latitude and longitude.
type LatLng = (number in -90..=90, number in -180..=180);

/// A tuple in a struct, nullable, nested and in an array.
struct Shapes {
    /// One item.
    one: (string),
    /// Nullable.
    maybe: (int, int) | null = null,
    /// Nested.
    nested: ((LatLng, LatLng), [(string, int)]) = [[[0, 0], [1, 1]], [["a", 1]]],
}

/// Measure the distance between two points, in meters.
tool measure(
    /// The two points.
    points: (LatLng, LatLng),
) -> (number, number);
