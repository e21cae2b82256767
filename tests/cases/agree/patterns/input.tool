//! Patterns mean the same in every target: ECMAScript with the `u` flag.
package patterns;

/// Check strings against patterns that only the `u` flag reads this way.
@allow(W0008, W0011)
tool check_text(
    /// Letters only, by Unicode property.
    letters?: string matches r"^\p{L}+$",
    /// Exactly one code point, astral ones included.
    one?: string matches "^.$",
    /// The letter A, by code point escape.
    a?: string matches r"^\u{41}$",
    /// One character that is not a letter.
    not_letter?: string matches r"^[^\p{L}]$",
    /// Keys of letters only.
    @allow(W0014)
    named?: map<string, int> keys matches r"^\p{Lu}\p{Ll}*$",
);
