//! A color takes no pattern or format of its own, written on it or through
//! an alias.
package paint;

/// A color.
type Brand = color;

/// Fill a shape with a color and return nothing of interest.
@mutates @idempotent
tool fill_shape(
    /// The fill.
    fill: color matches "^#",
    /// The outline.
    outline: Brand matches "^#",
    /// The shadow.
    shadow: color format email,
    /// Spelled out, a color is a format too.
    glow: string format color,
);
