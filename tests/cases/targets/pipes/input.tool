//! Pipes, backslashes and backticks in every kind of table cell. Markdown
//! tables split rows on pipes, and GFM drops the backslash of `\|` even in
//! a code span, so each cell below must still show its text as written.
package pipes;

/// Match a text against rules whose patterns hold pipes and backslashes.
tool match_text(
    /// The regex `^a\|b$` matches a|b; in prose a\|b is a pipe and a\\|b a backslash and a pipe.
    @title("Escaped \\| pipe | title")
    escaped: string matches "^a\\|b$" = "a|b",
    /// Alternation `^(a|b)$`, and a pipe | outside code.
    alternation: string matches "^(a|b)$" = "a",
    /// A backslash or b: `\\|` in code, \\| in prose.
    double: string matches r"^a\\|b$" = "a\\|b",
    /// Ends with a backslash \
    trailing: string matches r"a\\$" = "a\\",
    /// Backticks ``a`|`b`` and `|` and \`|`.
    ticks: string matches "^[`|\\\\]+$" = "`|\\`",
    /// Examples that Markdown reads as markup.
    @example("a\\|b") @example("__init__.py") @example("src/**/*.rs") @example("say \"hi\"")
    @example("plain|pipe")
    @deprecated("use `x\\|y` | or \\| z")
    samples?: string,
    /// An array example.
    @example(["a|b", "c\\|d"])
    list?: [string],
    /// Literal unions.
    kind: "a\\|b" | "c|d" | "e`f" = "c|d",
    /// Keys and items with escaped pipes.
    tags?: map<string, [string matches r"^x\|y$"]> keys matches r"^k\|\\|$" = {"k|": ["x|y"]},
    /// A name that is no identifier.
    "a|b\\|c": string len 1..=3 | int in 1.. = "\\|",
    /// The rule to apply.
    rule?: Rule,
) -> Rule;

/// A rule: the same kinds of text in a type's table.
struct Rule {
    /// The regex `^a\|b$`, or a\|b in prose.
    @title("Rule \\| title")
    @deprecated("use `a\\|b`")
    pattern: string matches "^a\\|b$" = "a|b",
    /// A backslash and a pipe, `\|` in code and \\\| in prose.
    @example("\\|")
    other?: string matches r"^\\\|$",
    /// Backticks around a pipe.
    @example("`|`") @example("a\\")
    ticks?: string,
    /// An unclosed `tick | in the doc, and ``two.
    @title("A title with `one")
    @deprecated("use `ticks|`")
    @example("x_|")
    loose?: string,
}
