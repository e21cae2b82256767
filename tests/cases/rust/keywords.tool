//! Rust keywords as names everywhere.
package keywords;

/// Keywords as variants.
enum type { fn, self, Self, super, crate, match, async, await, dyn, "r#type", _x }

/// Keywords as fields.
struct Self {
    self?: string,
    Self?: string,
    super?: string,
    crate?: string,
    type?: string,
    match?: string,
    async?: string,
    fn?: string,
    loop?: string,
    yield?: string,
}

/// A keyword tool.
tool "self"(self?: type, crate?: Self, super?: int, type?: string) -> Self;
/// Another.
tool "fn"(fn: string, match?: bool) -> type;
/// And another.
tool "async"(await?: string);

/// Names outside ASCII: the identifiers spell their letters out.
enum Modus { "ünïcode", "日本語", "Ärger", "ß", unicode_x }

/// Fields outside ASCII.
struct Size {
    "wïdth": int,
    "höhe"?: int,
}

/// A tool with parameters named outside ASCII (tool names are ASCII on
/// every provider).
tool set_mode(modus: Modus, "größe"?: Size, "naïve"?: "çava" | "naïve") -> Size;
