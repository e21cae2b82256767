// Paths are relative to the importing file: this is sub/inner.tool.
use "inner.tool";

/// A point.
struct Point { x: Coord, y: Coord }
