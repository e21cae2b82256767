package alpha;
/// Alpha tool.
tool alpha() -> bool;
