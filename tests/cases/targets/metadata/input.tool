//! Tools with all the metadata.
package files;

/// What a deletion did.
struct DeleteReport {
    /// How many paths were deleted.
    deleted: int in 0..,
}

/// Delete files or directories. Cannot be undone.
@extended @mutates @destructive @confirm @risk(high)
@timeout(30s) @rate_limit(10/min) @requires("fs:write")
@title("Delete paths")
@meta("com.example/owner", "storage-team")
tool delete_paths(
    /// Paths to delete, relative to the workspace root.
    paths: [string len 1..=4096] len 1..=100,
    /// Delete directories with their contents.
    recursive: bool = false,
    /// API token.
    @secret token: string,
    /// Region to run in.
    @schema("x-mcp-header", "Region") @title("Region") @example("eu") @example("us")
    region: string = "eu",
    /// Old name of `recursive`.
    @deprecated("use `recursive`") deep?: bool,
) -> DeleteReport {
    error not_found "A path does not exist." help "Call list_directory to see what exists.";
    error busy "The file is locked by another process." help "Wait and retry." retryable;
    example "Remove a build folder" { paths: ["build"], recursive: true, token: "t" }
}

/// Fetch a web page.
@open_world @rate_limit(1/s) @deprecated("use fetch_url") @name(openai, "fetch_page_v1")
tool "fetch-page"(
    /// Address of the page.
    url: string format uri,
) -> string;
