use "lib.tool";

/// Uses a type from the library.
tool get(id: Id) -> bool;
