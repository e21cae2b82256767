//! Names that are Python keywords, builtins, pydantic's own or the
//! module's: the identifiers escape them, the JSON keeps them.
package pynames;

/// A struct named like a builtin exception.
struct Exception {
    /// A keyword.
    class: string,
    /// A builtin.
    list?: [int],
    /// pydantic's model attributes.
    model_config?: string,
    /// A deprecated pydantic method.
    json?: json,
    /// Another one.
    schema?: string,
    /// Allowed: only pydantic's own attributes are taken.
    model_name?: string,
    /// Not an identifier.
    "52_week_high"?: number,
    /// A private attribute to pydantic.
    "_private"?: bool,
    /// Named like what the module imports.
    Field?: string,
    /// A builtin type, with a default.
    str: string = "s",
}

/// An enum named like pydantic's base class, with a docstring's quotes: """.
enum BaseModel {
    /// The first.
    a,
    b,
}

/// Print something: a tool named like a builtin, with keyword parameters.
tool print(
    /// A keyword.
    from: Exception,
    /// Another keyword.
    import?: BaseModel,
    /// A soft keyword with a default.
    match: int = 1,
) -> Exception {
    example { from: { class: "c", "52_week_high": 1.5, "_private": true } }
}

/// A quoted tool name that is not an identifier.
tool "list-models"(
    /// A quoted parameter name.
    "max-count"?: int in 1..=10,
);

/// A tool named like the module's own function.
tool validate_args(
    /// Anything.
    value: json,
);
