//! The tool `benches/executor.mjs` calls: the six parameters of the
//! throughput corpus (constrained strings and numbers, an enum, an optional
//! array, a nested struct, a default) and a struct output.
package bench;

/// Sort order of listed items.
enum Order {
    /// Oldest first.
    asc,
    /// Newest first.
    desc,
}

/// A rectangle in canvas coordinates.
struct Bounds {
    /// Left edge in pixels.
    x: number,
    /// Top edge in pixels.
    y: number,
    /// Width in pixels.
    width: number in 0..,
    /// Height in pixels.
    height: number in 0..,
}

/// The outcome of a generated operation.
struct Outcome {
    /// Identifier of the affected record.
    id: string,
    /// How many records changed.
    changed: int in 0..,
}

/// Update a record with the given values and report the outcome.
@core @mutates @idempotent @timeout(5s) @requires("records:write")
tool update_record(
    /// Record identifier such as "12:34".
    id: string matches "^[0-9]+:[0-9]+$",
    /// Display name of the record.
    name: string len 1..=120,
    /// Position in the list, starting at zero.
    position: int in 0..=10000 = 0,
    /// Sort order of the result.
    order: Order = asc,
    /// Labels to attach.
    tags?: [string len 1..=40] len ..=10,
    /// Where the record sits on the canvas.
    @allow(nested_params) bounds?: Bounds,
) -> Outcome {
    example "Rename" { id: "1:2", name: "Header" }
}
