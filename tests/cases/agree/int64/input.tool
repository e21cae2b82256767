//! `int` is a signed 64-bit integer: nothing outside that range is accepted,
//! and no value is changed into another.
package int64;

/// Set integers at the bottom of the 64-bit range.
@allow(W0008, W0012)
tool set_ints(
    /// Any 64-bit integer.
    i?: int,
    /// An integer near the minimum.
    m?: int in -9223372036854775808..=-9223372036854775800,
);
