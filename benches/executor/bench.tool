//! The tool the executor benchmark calls: six parameters of the common
//! shapes, a struct output.
package bench;

/// What `set_style` answers.
struct Styled {
    /// The node's id.
    id: string,
    /// How many properties changed.
    changed: int in 0..,
}

/// Set the text style of one node: font, weight, opacity, tags and alignment.
/// Returns the node's id and how many properties changed.
@core @mutates @idempotent
tool set_style(
    /// The node to style.
    id: string matches "^[0-9]+:[0-9]+$",
    /// The font family.
    font: string len 1..=120,
    /// The weight.
    weight: 100 | 400 | 700 = 400,
    /// The opacity.
    opacity?: number in 0..=1,
    /// Tags to set.
    tags?: [string] len ..=10,
    /// The alignment.
    align: "left" | "center" | "right" = "left",
) -> Styled {
    example "A bold centred title" { id: "12:34", font: "Inter", weight: 700, align: "center" }
}
