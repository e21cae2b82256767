/// Horizontal text alignment.
enum Align {
    left,
    center,
    "left",
}

/// Set the weight of the selected text to one of a few values.
tool set_weight(
    /// CSS font weight.
    weight: 400 | 700 | 400.0,
);
