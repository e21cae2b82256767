package names;

enum City { "New York", "123abc", Paris, "Paris-2" }

struct Keywords {
    type: string,
    enum: string,
    struct: string,
    in: int,
    match: bool,
    error: string,
    use: string,
    package: string,
    "x-api-key": string,
    "quoted_but_ident": string,
}

/// Resize an image.
tool "resize-image"(
    /// Target width.
    "width": int,
    city: City = "New York",
    keywords?: Keywords,
);

/// Dotted names are quoted.
tool "admin.tools.list"();
