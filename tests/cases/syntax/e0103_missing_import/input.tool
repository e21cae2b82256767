use "missing.tool";
use "sub/also_missing.tool";
/// A tool.
tool f() -> bool;
