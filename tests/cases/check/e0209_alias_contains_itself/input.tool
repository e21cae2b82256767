/// A JSON-like value written as an alias: it would never end.
type Value = string | int | [Value] | map<string, Value>;

/// Two aliases that contain each other.
type Left = Right | int;

/// The other one.
type Right = [Left] | string;

/// Recursion through a struct is fine.
type Forest = [Tree];

/// A tree of named nodes.
struct Tree {
    /// The node's name.
    name: string,
    /// Child trees.
    children: Forest,
}
