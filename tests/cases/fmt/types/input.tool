package types;

type Id = string len 1..=64 matches "^[a-z]+$";
type Small = int in -10..10;
type Ratio = number in 0..=1 multiple_of 0.25;
type Open = number in 0<..;
type Below = int in ..=5;
type BelowExclusive = int in ..5;
type Exact = string len 8;
type Upper = string len ..=10;
type Formatted = string format date-time;

struct Node {
    id: Id,
    children: [Node] = [],
    parent?: Id | null,
}

/// Every type shape.
tool shapes(
    /// Literal union of strings.
    mode: "a" | "b" | "c",
    /// Numeric literals.
    level: 1 | 2 | 3 = 2,
    /// Scalar union.
    @allow(scalar_union)
    id: string | int,
    /// Nested arrays with constraints on both levels.
    grid: [[int in 0..=9] len 3] len 1..=3 unique,
    /// Maps.
    @allow(map_param)
    tags?: map<string, [string]> keys matches "^[a-z]+$" len 1..=10,
    /// Anything.
    @allow(json_param)
    extra?: json,
    /// Recursive.
    @allow(recursive_type)
    tree?: Node,
    /// Upper-exclusive length.
    code?: string len 2..4,
    /// Lower-exclusive length.
    label?: string len 0<..=3,
    /// Nullable number with a range.
    score?: number in 0..=100 | null,
    big?: int in -9007199254740991..=9007199254740991,
    float?: number in -1.5e3..=2.5E-2,
);
