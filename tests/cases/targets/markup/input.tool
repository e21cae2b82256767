//! Docs full of Markdown and HTML.
//! # Not a heading of the document
//! <!-- an unclosed comment
//! ```
//! an unclosed fence
package markup;

/// A mode with `ticks` | pipes.
enum Mode {
    /// Plain | simple.
    "a`b",
    /// Old.
    @deprecated("use \"a`b\"\n## not a heading")
    "c|d",
}

/// An item.
/// ## Not a heading either
/// ---
struct Item {
    /// The <b>label</b> & more &amp; `<kept>`.
    @title("Label\n# not a heading")
    label: string matches "^[a-z|`]+$" = "v|w`z",
    /// A lone CR here:splits nothing.
    kind: "x`y" | "p|q" = "x`y",
}

/// Store items.
/// </td></tr></table>
/// <script>
/// Fails with `bad` when an item is bad.
@mutates @name(openai, "store_items_v2") @requires("a`b|c")
@title("Store\n# items")
tool store_items(
    /// Items to store.
    items: [Item] len ..=3,
    /// Ends with a backslash \
    note?: string len 1..=3 | int in 1..,
    /// Mode.
    mode: Mode = "a`b",
) {
    error bad "Msg\n## Injected heading" help "Help | with pipe\n- and a list";
    example "T\n## x" { items: [{label: "ab"}] }
    example "1. Looks like a list" { items: [] }
    example "# Looks like a heading" { items: [] }
}
