/// An identifier.
type Id = string;

/// Not emitted (lib.tool is not an input), but still checked.
tool broken(x: Nope) -> bool;
