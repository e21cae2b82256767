/// Horizontal text alignment.
enum Align {
    /// Flush to the left edge.
    left,
    center,
    right,
    /// Variants may be quoted when they are not identifiers.
    "top-left",
    @deprecated("use left") start,
    @deprecated type,
}

enum Empty {}
enum Trailing { a, b, }
