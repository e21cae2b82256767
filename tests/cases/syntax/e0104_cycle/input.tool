use "a.tool";
/// A tool.
tool f(x: A) -> bool;
