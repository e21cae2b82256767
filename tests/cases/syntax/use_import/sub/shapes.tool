/// A point.
struct Point { x: number, y: number }
