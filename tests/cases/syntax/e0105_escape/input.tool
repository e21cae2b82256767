use "../enum/input.tool";
use "/etc/passwd.tool";
/// A tool.
tool f() -> bool;
