/// Patterns an ECMAScript engine refuses with the `u` flag, the flag JSON
/// Schema validators such as ajv compile `pattern` with.
struct Patterns {
    /// A quantifier without its minimum.
    short: string matches "^a{,5}$",
    /// Set operations belong to the `v` flag.
    letters: string matches "^[a-z&&[^b]]$",
    /// POSIX classes are not ECMAScript.
    alpha: string matches "^[[:alpha:]]$",
    /// `-` needs no escape outside brackets, and may not have one.
    dash: string matches r"^\-$",
    /// A brace that starts no quantifier.
    open: string matches "^{$",
    /// A closing brace on its own.
    close: string matches "^}$",
    /// A closing bracket on its own.
    bracket: string matches "^]$",
    /// A class escape as the end of a range.
    range: string matches r"^[\d-z]$",
    /// A script name without `Script=`.
    greek: string matches r"^\p{Greek}$",
}

/// Check text against the patterns above.
@allow(missing_example, nested_params)
tool check_patterns(
    /// The strings to check.
    patterns: Patterns,
);
