//! The words of every message both dispatchers give for invalid arguments:
//! `expected <type>, got <kind>` for a value of the wrong type, `must ...`
//! for a broken constraint, numbers written alike, counts in the singular
//! for one, and of several invalid map entries the one whose key is first
//! in code point order.
package wording;

/// A point on the plane.
struct Point {
    /// Distance from the left edge.
    x: number,
    /// Distance from the top edge.
    y: number,
}

/// A tree of labelled nodes.
struct Node {
    /// A short name for the node.
    label: string len 1..=3,
    /// The nodes below this one.
    children: [Node] = [],
}

/// Check strings against their lengths, patterns and formats.
@allow(W0008, W0011)
tool check_strings(
    /// Three to five characters.
    name?: string len 3..=5,
    /// At least one character.
    initial?: string len 1..,
    /// At most one character.
    letter?: string len ..=1,
    /// Exactly the letter a.
    code?: string matches "^a$",
    /// An email address.
    email?: string format email,
    /// A timestamp.
    at?: string format date-time,
    /// A calendar date.
    day?: string format date,
    /// A time of day.
    clock?: string format time,
    /// A length of time.
    span?: string format duration,
    /// A web address.
    link?: string format uri,
    /// An identifier.
    id?: string format uuid,
    /// A host name.
    host?: string format hostname,
);

/// Check numbers against their ranges and steps.
@allow(W0007, W0008, W0011)
tool check_numbers(
    /// A small count.
    count?: int in 0..=10,
    /// A fraction strictly between 0 and 1.
    ratio?: number in 0<..1,
    /// At most ten.
    small?: number in ..=10,
    /// At least one.
    big?: number in 1..,
    /// Between a half and two and a half.
    half?: number in 0.5..=2.5,
    /// Steps of five.
    step?: int multiple_of 5,
    /// Quarters.
    quarter?: number multiple_of 0.25,
    /// Any integer.
    any_int?: int,
    /// A plain switch.
    flag?: bool,
    /// A point.
    point?: Point,
);

/// Check lists and maps against their sizes, keys and values.
@allow(W0008, W0011, W0014, W0015)
tool check_collections(
    /// Two or three tags.
    tags?: [string] len 2..=3,
    /// Exactly one item.
    one?: [int] len 1,
    /// Numbers, all different.
    ids?: [int] unique,
    /// One or two lower-case labels with small values.
    labels?: map<string, int in 0..=9> len 1..=2 keys matches "^[a-z]+$",
    /// Exactly one entry.
    single?: map<string, int> len 1,
    /// Small scores by name.
    scores?: map<string, int in 0..=9>,
    /// Lower-case names with small values.
    named?: map<string, int in 0..=9> keys matches "^[a-z]+$",
    /// Anything.
    extra?: json,
);

/// Check enums, literals and unions.
@allow(W0007, W0008, W0011, W0016, W0017)
tool check_choices(
    /// How fast.
    mode?: "fast" | "slow",
    /// Only on.
    only?: "on",
    /// A quoted word or a long name.
    phrase?: "say \"hi\"" | "a-name-that-is-longer-than-forty-characters-in-all",
    /// A level.
    level?: 1 | 2 | 3,
    /// A half step.
    halves?: 0.5 | 1.5,
    /// A short name or a number.
    either?: string len 1..=3 | int,
    /// Automatic or a thread count.
    threads?: "auto" | int in 1..=8,
    /// One name or several.
    names?: string | [string],
    /// A tree of nodes.
    tree?: Node,
    /// A node or its label.
    node_or_label?: Node | string,
    /// A point, as an object or as two numbers.
    spot?: Point | [number],
);
