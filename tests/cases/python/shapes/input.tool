//! Every shape of value a model can take, and the constraints pydantic
//! checks natively beside those the validator alone checks.
package pyshapes;

/// A tree: a leaf's text, or a branch, which holds trees.
type Tree = Branch | string | null;

/// A branch of a tree.
struct Branch {
    /// What it holds.
    items: [Tree],
}

/// A node of a tree of nodes.
struct Node {
    /// The node's name.
    name: string len 1..,
    /// Its children, none by default.
    children: [Node] = [],
}

/// A point on a grid.
struct Point {
    /// Across.
    x: int,
    /// Down.
    y: int,
}

/// A circle.
struct Circle {
    /// Greater than zero.
    radius: number in 0<..,
}

/// A square.
struct Square {
    /// In half units.
    side: number multiple_of 0.5,
    /// Where it sits, the origin by default.
    origin: Point = { x: 0, y: 0 },
}

/// A shape, by kind.
union Shape by kind {
    /// Round.
    circle: Circle,
    square: Square,
}

/// A union of one variant, tagged by a field that is a keyword.
union Single by "from" {
    only: Circle,
}

/// A bag that keeps what it does not declare.
@open struct Bag {
    /// Its name.
    name: string,
}

/// Draw a shape on the canvas, with every kind of parameter there is.
tool draw(
    /// The shape.
    shape: Shape,
    /// More shapes.
    shapes?: [Shape] len 1..=3,
    /// A position.
    at: (int, number),
    /// Labels.
    tags: map<string, string len ..=8> len ..=4 = {},
    /// Integer literals.
    size: 1 | 2 | 4 = 2,
    /// Literals with a fraction.
    ratio?: 0.5 | 1 | 1.5,
    /// An open struct, or nothing.
    bag?: Bag | null,
    /// Any JSON.
    any: json,
    /// Distinct strings.
    unique?: [string] unique,
    /// Letters only, in any script.
    letters?: string matches "^\\p{L}+$",
    /// A letter and a digit.
    code?: string matches "^[a-z]\\d$",
    /// A one-variant union.
    single?: Single,
    /// A recursive struct.
    node?: Node,
    /// A recursive alias.
    tree?: Tree,
    /// A step of a quarter: left to the validator.
    step?: number multiple_of 0.25,
    /// A bound with a fraction on an integer: left to the validator.
    count?: int in 0..=2.5,
    /// A date.
    day?: string format date,
) -> Shape | null {
    example {
        shape: { kind: "square", side: 1.5 },
        at: [1, 2.5],
        any: { "a": [1, null] },
        node: { name: "root", children: [{ name: "leaf" }] },
        tree: { items: ["b", null, { items: [] }] },
        bag: { name: "b", extra: 1 },
        single: { from: "only", radius: 2 },
    }
}

/// Take notes with any keys at all.
@open
tool annotate(
    /// The note.
    note: string,
);

/// Do nothing at all: a tool without parameters or output.
tool nothing();
