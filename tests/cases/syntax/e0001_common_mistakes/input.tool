// Mistakes people make in their first `.tool` file, each with a message
// that says what to write instead.

// A `,` missing at the end of a line: reported at that line's end.
tool search(
    query: string
    limit: int = 10,
) -> bool;

enum Mode {
    fast
    slow,
}

// In a tool's body, each `error` ends with `;`.
/// Get a thing.
tool get_thing(id: string) -> bool {
    error not_found "No such thing" help "List things first"
    error denied "Access denied";
    example "One" { id: "a" } extra
}

// The separator of other languages.
struct Point { x: number; y: number }

// An attribute's arguments without their parentheses.
@timeout 5s
tool slow() -> bool;

// Array and generic syntax of other languages.
tool tag(names: string[], ids: List<int>, owner: Option<string>, meta: Record<string, int>) -> bool;

// Single-quoted strings and digit separators.
tool quote(mode: string = 'fast', limit: int = 1_000) -> bool;

// The optional marker of other languages, after the type.
tool fetch(url: string?) -> bool;

// Map keys are JSON object keys: always strings, never constrained.
struct Index {
    by_id: map<int, string>,
    by_tag: map<string len 1..=10, [string]>,
    nested: map<string, map<number, bool>>,
    fine: map<string, stringy>,
}

type stringy = string;
