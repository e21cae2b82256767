//!Package doc without a space.
//!
//!   Indented package line.
package docs;

///No space after the marker.
///
///    Four spaces keep three.
/// Trailing spaces stay.   
tool documented(
    ///
    /// Empty first line.
    x: int,
);
