/// One space is stripped.
///  Two spaces: one remains.
///No space at all.
///
/// After an empty line.
/// Trailing spaces are kept.   
tool f(
    /// Parameter doc.
    a: int,
) -> bool;
