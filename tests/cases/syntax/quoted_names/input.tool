/// Quoted tool and parameter names.
tool "resize-image"(
    /// An HTTP header name.
    "x-api-key": string,
    "admin.tools.list"?: bool,
) -> bool;

enum City { "New York", "123abc", plain }

/// Quoted enum defaults are values, not variant names.
tool weather(city: City = "New York", other: City = plain) -> bool;
