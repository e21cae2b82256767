use "a.tool";

/// Uses a type of a file that only a.tool imports.
tool f(x: A, y: B) -> bool;
