/// Resize the selected image to a preset size.
tool resize_image(
    /// Preset size.
    size: "small" | 10 | 20,
);
