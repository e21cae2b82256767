//! Names that are keywords or built-ins in TypeScript and JavaScript.
package keywords;

/// A struct named like a built-in type.
struct Record {
    /// Reserved words as field names.
    default: string,
    class?: int,
    "x-api-key"?: string,
    constructor?: string,
    toString?: bool,
    hasOwnProperty?: int,
}

/// Named like the runtime's own types.
struct ToolDef {
    new: bool = true,
    default?: string,
}

/// An enum with awkward values.
enum City {
    "New York",
    "123abc",
    default,
    "*/ not a comment end",
}

/// An alias named like a global.
type Promise = string len 1..;

/// Delete something.
@mutates @destructive @confirm @risk(high)
tool delete(
    /// Reserved word.
    function: string,
    /// Reserved word with a default.
    new: int = 1,
    /// Reserved word, optional.
    class?: City,
    /// Nested struct named Record.
    in?: Record,
    /// A struct named ToolDef.
    enum?: ToolDef,
    /// Alias named Promise.
    type?: Promise,
) {
    example { function: "f", class: "New York", in: { default: "d", hasOwnProperty: 1, constructor: "c" } }
}

/// A quoted tool name.
tool "resize-image"(
    /// Width.
    width: int in 1..=4096,
    /// Quoted parameter name.
    "max-height"?: int,
) -> ToolDef {
    example { width: 10, "max-height": 20 }
}

/// A dotted tool name.
tool "admin.tools.list"() -> [string];

/// Named like the dispatcher.
tool dispatch(
    /// Keyword-ish.
    yield: string = "now",
) -> ToolDef;

/// Named like the validator.
tool validate_args(
    /// Value.
    arguments?: json,
) -> json;

/// camelCase twin of validate_args.
tool validateArgs(
    /// Value.
    eval?: string,
);

/// Names outside ASCII: the identifiers spell their letters out.
enum Modus { "ünïcode", "日本語", "Ärger", "ß" }

/// Fields outside ASCII.
struct Size {
    /// Width.
    "wïdth": int,
}

/// A tool with parameters named outside ASCII (tool names are ASCII on
/// every provider).
tool set_mode(
    /// Mode.
    modus: Modus,
    /// Size.
    "größe"?: Size,
) -> Size;
