//! Open structs in every target: open in MCP, Anthropic, JSON Schema and
//! Gemini (without the "no other properties" wording), closed again where
//! OpenAI strict mode needs it.
package open_objects;

/// Filter keys the server knows; others go to the search backend.
@open struct Filter {
    /// Exact id to match.
    id: string,
    /// A closed range inside the open filter.
    range?: Range,
}

/// An inclusive range.
struct Range {
    /// Lowest value.
    from: int,
    /// Highest value.
    to: int,
}

/// Find records matching a filter; unknown filter keys are passed through.
@allow(nested_params)
tool find_records(
    /// What to match.
    filter: Filter,
) {
    example { filter: { id: "a", owner: "ada" } }
}

/// Tag a record; other arguments are passed through to the handler.
@open
@allow(W0027)
tool tag_record(
    /// The record's id.
    id: string,
) {
    example { id: "a", colour: "red" }
}
