/// Pan the map view to a point, keeping the zoom level.
@allow(missing_example, not_strict, gemini_json_schema)
tool pan_map(
    /// A tuple has a fixed length: `len` does not apply.
    center: (number, number) len 2,
    /// Nor does `unique`.
    pair: (int, int) unique,
    /// Constraints on the items are fine.
    range: (int in 0..=10, int in 0..=10),
);
