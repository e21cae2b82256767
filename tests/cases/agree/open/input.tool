//! Open structs: undeclared keys are accepted and kept as sent, declared
//! fields are still validated (and defaulted), and what sits inside an open
//! struct keeps its own closedness.
package open;

/// A closed part inside an open filter.
struct Range {
    /// Lowest value.
    from: int,
    /// Highest value.
    to: int,
}

/// Filter fields the server knows; others are passed through.
@open struct Filter {
    /// Exact id.
    id: string len 1..,
    /// How many at most.
    limit: int in 1..=100 = 10,
    /// An optional closed range.
    range?: Range,
}

/// Takes any keys at all.
@open struct Anything {}

/// A text shape, open.
@open struct Text {
    /// The text.
    body: string,
}

/// A closed number shape.
struct Number {
    /// The number.
    value: number,
}

/// A shape by kind.
union Shape by kind {
    text: Text,
    number: Number,
}

/// Find records by a filter whose extra keys are passed through.
@allow(W0007, W0027)
tool find_open(
    /// What to match.
    filter: Filter,
    /// Free-form options.
    options?: Anything,
    /// A shape.
    shape?: Shape,
) {
    example { filter: { id: "a" } }
}

/// Tag a record; other arguments reach the handler as sent.
@open
@allow(W0027)
tool tag_open(
    /// The record.
    id: string len 1..,
    /// How many tags at most.
    limit: int in 1..=5 = 2,
) {
    example { id: "a", colour: "red" }
}
