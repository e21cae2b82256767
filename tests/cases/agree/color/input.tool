//! Colors as both dispatchers judge them.
package paint;

/// Fill a shape with a color and return nothing of interest.
@mutates @idempotent
tool fill_shape(
    /// The fill.
    fill: color,
    /// Colors to cycle through.
    cycle?: [color],
);
