//! A field named `__proto__`, which plain object literals and naive
//! validators turn into a prototype change.
package proto;

/// An object with a `__proto__` field.
struct Carrier {
    __proto__: int,
    name?: string,
}

/// Store a carrier.
tool store(
    /// The value.
    value: Carrier,
    /// A map whose keys may be anything, `__proto__` included.
    labels?: map<string, int>,
    /// Also a parameter.
    __proto__?: string,
) {
    example { value: { __proto__: 1 }, __proto__: "p" }
}

/// A tool named like the prototype property.
tool "__proto__"(
    /// Anything.
    constructor?: string,
) -> string;
