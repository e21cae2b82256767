//! Tuples: exactly as many items as positions, each checked against its own
//! type, defaults filled inside them.
package tuples;

/// How a marker looks.
enum Shape { pin, dot }

/// A marker with a default size.
struct Mark {
    /// The marker's shape.
    shape: Shape,
    /// Its size in pixels.
    size: int in 1..=64 = 24,
}

/// Place a point with a marker.
@allow(W0008, W0011, W0016, W0026)
tool place(
    /// Latitude and longitude in degrees.
    at: (number in -90..=90, number in -180..=180),
    /// A label and its rank, or null.
    label?: (string len 1..=8, int) | null,
    /// Where and how.
    mark?: ((int, int), Mark),
    /// A literal union and a scalar union inside a tuple.
    pick?: ("near" | "far", string | int),
);
