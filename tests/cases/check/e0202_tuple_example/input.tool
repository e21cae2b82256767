/// Measure the distance between two points, in meters.
@allow(not_strict, gemini_json_schema)
tool measure(
    /// The two points, each a latitude and a longitude.
    points: ((number in -90..=90, number), (number in -90..=90, number)),
) -> number {
    example "Fine" { points: [[48.85, 2.35], [48.86, 2.35]] }
    example "One point" { points: [[48.85, 2.35]] }
    example "Out of range" { points: [[48.85, 2.35], [95, 2.35]] }
}
