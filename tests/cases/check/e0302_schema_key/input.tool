//! `@schema` cannot set keywords toolc writes from the definition itself:
//! the language construct says it instead. `x-` keys and the documented
//! annotations pass.
package schema_keys;

/// Update a record with the given values.
@mutates
tool update_record(
    /// Refers to nothing.
    @schema("$ref", "#/$defs/Nope") a: string,
    /// The type is a string.
    @schema("type", "integer") b: string,
    /// The default is "x".
    @schema("default", 5) c: string = "x",
    /// At most two code points.
    @schema("minLength", 3) d: string len 1..=2,
    /// A known format.
    @schema("format", "email") e: string,
    /// Not a JSON Schema keyword at all.
    @schema("color", "red") @schema("readOnly", "yes") f: string,
    /// Fine: an extension key, an unknown format, annotations.
    @schema("x-order", 3) @schema("format", "password") @schema("contentMediaType", "text/plain")
    @schema("readOnly", true) @schema("$comment", "kept")
    g: string,
);
