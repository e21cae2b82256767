//! Names that are keywords, quoted, or collide once re-cased.
package names;

/// A kind of thing.
enum Kind {
    type,
    "New York",
    "123abc",
}

/// Get a node by its dashed name.
tool "get-node"(
    /// The node's type.
    type: Kind,
    /// Which enum to use.
    enum?: string,
    /// A parameter whose name is not an identifier.
    "x-api-key": string,
);

/// Get a node by its snake_case name.
tool get_node(
    /// The package name.
    package: string = "default",
);

/// List the admin tools.
@name(openai, "admin_tools_list") @name(anthropic, "admin_tools_list")
tool "admin.tools.list"() -> [string];
