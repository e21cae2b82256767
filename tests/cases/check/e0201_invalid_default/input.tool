/// A node identifier such as "1:23".
type NodeId = string matches r"^\d+:\d+$";

/// Horizontal text alignment.
enum Align { left, center, right }

/// A point on the page.
struct Point {
    /// Horizontal position in pixels.
    x: number,
    /// Vertical position in pixels.
    y: number,
}

/// List the nodes of a page, one page of results at a time.
@allow(missing_example, not_strict, map_param, nested_params)
tool list_nodes(
    /// Page size.
    limit: int in 1..=100 = 500,
    /// Zoom factor, strictly above zero.
    zoom: number in 0<..=4 = 0,
    /// Step between two zoom levels.
    step: number multiple_of 0.25 = 0.3,
    /// Whole number of pages.
    pages: int = 1.5,
    /// Sort order of the results.
    order: "asc" | "desc" = "up",
    /// Alignment filter.
    align: Align = "justify",
    /// Node to start from.
    start: NodeId = "١:٢",
    /// Title shown above the list.
    title: string len 1..=5 = "🎉🎉🎉🎉🎉🎉",
    /// When the listing was requested.
    at: string format date-time = "2023-02-29T10:00:00Z",
    /// Contact address for the report.
    email: string format email = "not an email",
    /// Labels to filter by.
    tags: [string] len ..=2 unique = ["a", "b", "a"],
    /// Extra headers, keyed by lower-case names.
    headers: map<string, string> keys matches "^[a-z-]+$" = { "X-Bad": "1" },
    /// Where to start drawing.
    origin: Point = { x: 1, z: 2 },
    /// Parent node, or null for the page.
    parent: NodeId = null,
    /// Integral floats are integers.
    count: int = 2.0,
    /// A number in quotes is a string.
    retries: int in 0..=5 = "3",
    /// A quoted value that would not fit unquoted either gets no help.
    level: int in 0..=5 = "9",
);
