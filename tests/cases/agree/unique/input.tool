//! `unique` compares JSON values: numbers by value, object keys in any order.
package unique;

/// Check lists whose items must all differ.
@allow(W0008, W0011, W0015)
tool check_unique(
    /// Numbers, all different.
    nums?: [number] unique,
    /// Integers, all different.
    ints?: [int] unique,
    /// Any JSON values, all different.
    values?: [json] unique,
);
