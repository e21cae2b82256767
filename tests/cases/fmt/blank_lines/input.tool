// Blank lines between the elements of a list are the author's grouping:
// each run is kept as one blank line. Blank lines right after an opening
// bracket or before a closing one are dropped.
package blanks;

/// Order.
enum Order {

    /// Oldest first.
    asc,


    /// Newest first.
    desc,
    // A comment block
    // sits right above its value.
    newest,

    // A blank line before a comment belongs to the value after it.
    oldest,
}

/// A point.
struct Point {
    /// Horizontal.
    x: number,
    /// Vertical.
    y: number,

    /// Label shown next to the point.
    label?: string, // optional


}

/// A circle.
struct Circle {
    /// Radius.
    r: number,
}

/// A square.
struct Square {
    /// Side.
    side: number,
}

/// A shape.
union Shape by kind {
    circle: Circle,

    square: Square,
}

/// Search records by text, sorted, with paging controls for the results.
@core
tool search_records( // the query
    /// Text to search for.
    query: string,
    /// Sort order.
    order: Order = asc, // how

    /// Page size.
    limit: int in 1..=100 = 10,
    /// Page cursor.
    cursor?: string,

) -> string {

    error not_found "Nothing matched." help "Widen the query.";
    error busy "The index is busy." retryable;

    example "basic" { query: "x" };
}
