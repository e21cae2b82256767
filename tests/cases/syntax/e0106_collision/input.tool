use "a.tool";
use "b.tool";
struct Point { x: int }
/// A tool.
tool f(p: Point, s: Shared) -> bool;
