//! Defaults inside defaults: a default value is validated like a given one,
//! so the defaults of the fields inside it are filled in too.
package defaults;

/// A setting with defaults on every field.
struct Inner {
    /// How many.
    count: int in 0..=10 = 3,
    /// How fast.
    mode: "fast" | "slow" = fast,
    /// Labels to attach.
    tags: [string] = ["a"],
}

/// Settings around an inner setting.
struct Outer {
    /// Given by the caller.
    inner: Inner,
    /// Filled in when absent.
    inner_def: Inner = {},
}

/// Apply the given settings and report them back.
@allow(W0007)
tool apply_defaults(
    /// Outer settings.
    o: Outer,
    /// A setting with one field of its default given.
    p: Inner = { count: 7 },
    /// A list of settings, by default one with every default.
    q: [Inner] = [{}],
) {
    example { o: { inner: {} } }
}
