//! The built-in `color` type: a hex or CSS color, carried as a pattern by
//! every schema and checked as a format by both runtimes.
package paint;

/// A brand color, for outlines.
type Brand = color;

/// Fill a shape with a color; returns the fill that was applied.
@core @mutates @idempotent @timeout(5s)
tool fill_shape(
    /// The fill, such as `#1e90ff`.
    fill: color = "#ffffff",
    /// The outline's color.
    outline?: Brand,
    /// Colors to cycle through, in order.
    cycle?: [color] len ..=4,
    /// A color, or null for none.
    shadow: color | null = null,
) -> color {
    example "Blue with a cycle" { fill: "#1e90ff", cycle: ["rgb(30 144 255)", "#fff8"] }
}
