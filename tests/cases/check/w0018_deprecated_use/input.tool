/// The old alignment values.
@deprecated("use Align")
enum OldAlign { left, right }

/// Horizontal text alignment.
enum Align {
    left,
    @deprecated("use left") start,
}

/// Align the selected text horizontally on its line.
tool align_text(
    /// How to align, the old way.
    old: OldAlign = left,
    /// How to align.
    align: Align = start,
    /// Former name of `align`.
    @deprecated("use `align`")
    alignment?: Align,
) {
    example { alignment: left }
}
