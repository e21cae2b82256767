//! Unions, maps, tuples, recursion, formats and scalar unions.
package shapes;

/// A circle.
struct Circle { radius: number in 0<..=1000 }

/// A rectangle.
struct Rect { w: number in 0<.., h: number in 0<.. }

/// A shape, by kind.
union Shape by kind {
    /// Round.
    circle: Circle,
    rect: Rect,
}

/// A tree of nodes.
struct Tree {
    name: string,
    children: [Tree] = [],
    parent?: Tree,
    /// A neighbour and its distance: a tuple holding the type itself.
    next?: (Tree, number),
}

/// Draw shapes.
@mutates
tool draw(
    /// Shapes to draw.
    shapes: [Shape] len 1..=50,
    /// Extra headers.
    headers?: map<string, string> keys matches "^[A-Za-z-]+$" len ..=5,
    /// When.
    at?: string format date-time,
    /// Contact.
    email?: string format email,
    /// Host.
    host?: string format hostname,
    /// Request id.
    id?: string format uuid,
    /// Either.
    size?: string | int,
    /// Anything.
    extra?: json,
    /// A count.
    count: int in 1..100 = 1,
    /// A step of a tenth.
    tenth?: number multiple_of 0.1,
    /// A step of three.
    third?: number multiple_of 3,
    /// A corner, as a tuple.
    corner: (int in 0.., int in 0..) | null = null,
) -> Tree;

/// Count things.
tool count(items: [int in ..=0 | null]) -> int;

/// Labels a client may extend: undeclared keys are kept in `extra2`, clear
/// of the declared `extra`.
@open struct Labels {
    /// The main label.
    name: string,
    /// A declared field that happens to be called `extra`.
    extra?: string,
}

/// Label a drawing; any further labels are passed through.
@mutates
tool label(labels: Labels, free?: Loose);

/// Nothing declared, everything kept.
@open struct Loose {}
