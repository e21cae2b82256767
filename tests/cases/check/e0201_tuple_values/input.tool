/// A latitude and longitude in degrees.
type LatLng = (number in -90..=90, number in -180..=180);

/// How a marker looks.
enum Shape { pin, dot }

/// Pan the map view.
@allow(missing_example, not_strict, gemini_json_schema)
tool pan_map(
    /// Too few items.
    center: LatLng = [48.85],
    /// Too many items.
    corner: LatLng = [1, 2, 3],
    /// The second item out of its range.
    target: LatLng = [0, 200],
    /// The first item of the wrong type.
    label: (string, int) = [1, 2],
    /// Not an array at all.
    look: (Shape, int) = "pin",
    /// A variant that is not one of the enum's, inside the tuple.
    mark: (Shape, int) = [star, 2],
    /// Valid: no diagnostic.
    ok: (Shape, int) | null = [dot, 3],
);
