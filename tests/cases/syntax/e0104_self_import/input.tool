use "input.tool";
/// A tool.
tool f() -> bool;
