/// A width in pixels or a keyword.
type Width = int | string;

/// Resize the selected image to the given width.
tool resize_image(
    /// Width in pixels, or "auto".
    width: int | string,
    /// Parent node, or null: nullable is not a scalar union.
    parent: string | null,
) {
    example { width: 10, parent: null }
}
